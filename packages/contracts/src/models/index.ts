/** Model side of the contracts (docs/product.md, docs/architecture.md#calling-models): the model descriptor and the per-task inference interface, the task registry. */
export * from './inference.ts';
export * from './tasks.ts';
export * from './descriptor.ts';
