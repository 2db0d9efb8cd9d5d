/**
 * What other web features may use of the model page (lint: eslint/boundaries.js): its path and the
 * router state to pass when opening it (the row to render at once and the list to go back to).
 */
export { modelDetailPath, type ModelDetailState, type ModelListOrigin } from './lib/navigation.ts';
/** The microphone recorder of the speech try panel and its conversion to 16 kHz WAV (also used by the speaker page). */
export { AudioRecorder } from './components/AudioRecorder.tsx';
export { AudioInputError, prepareSpeech, type PreparedSpeech } from './lib/audio.ts';
export { bytesToBase64 } from './lib/wav.ts';
