export * from './engagement';
export * from './forms';
export * from './mail';
export * from './openings';
export * from './reviews';
export * from './search';
export * from './tokens';
export * from './users';
