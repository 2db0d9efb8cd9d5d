/**
 * What other web features may use of speech-to-speech (lint: eslint/boundaries.js): the Explore
 * 'sts' tab (spec 02 §2; issue #14 point 1).
 */
export { SpeechToSpeech } from './components/SpeechToSpeech.tsx';
