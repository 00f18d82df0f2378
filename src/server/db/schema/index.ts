export * from './engagement';
export * from './mail';
export * from './openings';
export * from './search';
export * from './tokens';
export * from './users';
