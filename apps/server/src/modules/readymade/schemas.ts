/**
 * Schemas of the ready-made routes: they live in @ulca/contracts (api/readymade.ts), shared with
 * the web readymade feature's api files.
 */
export { readyMadeItemSchema, readyMadeListResponse, readyMadeMarkBody, type ReadyMadeItem, type ReadyMadeMarkBody } from '@ulca/contracts';
