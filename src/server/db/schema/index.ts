export * from './mail';
export * from './tokens';
export * from './users';
