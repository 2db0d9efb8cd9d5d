/** Model side of the contracts (spec 02, DESIGN.md §11): the model descriptor and the per-task inference interface. */
export * from './inference.ts';
export * from './descriptor.ts';
