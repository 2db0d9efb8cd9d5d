/**
 * What other web features may use of the model page (lint: eslint/boundaries.js): its path and the
 * router state to pass when opening it (the row to render at once and the list to go back to).
 */
export { modelDetailPath, type ModelDetailState, type ModelListOrigin } from './lib/navigation.ts';
/** The transliteration model lookup and its suggestions, for other features' transliterating inputs (glossary). */
export { useTransliterationModelId, fetchTransliterationSuggestions } from './api/transliteration.ts';
export { romanWordAt } from './lib/roman-word.ts';
/** The speech pieces the speech-to-speech tab (features/sts) and the speaker page reuse: recorder (auto-stop 60 s), player, WAV preparation, URL rule, feedback questions. */
export { AudioRecorder } from './components/AudioRecorder.tsx';
export { AudioPlayer } from './components/AudioPlayer.tsx';
export { AudioInputError, prepareSpeech, type PreparedSpeech } from './lib/audio.ts';
export { canSendUrl, urlError, NOTES } from './lib/limits.ts';
export { useFeedbackQuestions } from './api/feedback.ts';
export { bytesToBase64 } from './lib/wav.ts';
