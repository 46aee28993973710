export * from './catalogue';
export * from './files';
export * from './inventory';
export * from './payments';
export * from './sales';
export * from './users';
export * from './settings';
export * from './summaries';
