export * from './engagement';
export * from './forms';
export * from './mail';
export * from './openings';
export * from './search';
export * from './tokens';
export * from './users';
export * from './reviews';
