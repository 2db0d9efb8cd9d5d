/** Model side of the contracts (spec 02, DESIGN.md §11): the model descriptor and the per-task inference interface, the task registry. */
export * from './inference.ts';
export * from './tasks.ts';
export * from './descriptor.ts';
