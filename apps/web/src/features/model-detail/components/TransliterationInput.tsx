import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fetchTransliterationSuggestions } from '../api/transliteration.ts';
import { romanWordAt } from '../lib/roman-word.ts';

/**
 * A text box that transliterates as the user types (spec 02 §2 translation toggle): the Roman-letter
 * word at the caret is sent to the transliteration model `modelId` and its suggestions are offered
 * below; choosing one replaces the word.
 */
export function TransliterationInput({
  modelId,
  value,
  onChange,
  label,
  error,
  helperText,
}: {
  modelId: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
}) {
  const [target, setTarget] = useState<{ word: string; start: number; end: number } | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (!target) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetchTransliterationSuggestions(modelId, target.word, controller.signal)
        .then((list) => {
          setSuggestions(list);
          setFailed(false);
        })
        .catch((err: unknown) => {
          if ((err as Error).name !== 'AbortError') {
            setSuggestions([]);
            setFailed(true);
          }
        })
        .finally(() => setLoading(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [modelId, target]);

  const choose = (s: string) => {
    if (!target) return;
    const next = `${value.slice(0, target.start)}${s} ${value.slice(target.end).replace(/^ /, '')}`;
    onChange(next);
    setTarget(null);
    const caret = target.start + s.length + 1;
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Box>
      <TextField
        label={label}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          const found = romanWordAt(e.target.value, e.target.selectionStart ?? e.target.value.length);
          setTarget((prev) => (found && (found.word !== prev?.word || found.start !== prev?.start) ? found : found ? prev : null));
        }}
        inputRef={inputRef}
        multiline
        minRows={4}
        fullWidth
        error={error}
        helperText={helperText}
        placeholder="Enter text here..."
      />
      {(target || failed) && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', minHeight: 32 }} aria-label="Transliteration suggestions">
          {loading && <CircularProgress size={16} aria-label="Loading suggestions" />}
          {!loading &&
            target &&
            [...suggestions, target.word].map((s, i) => (
              <Chip key={`${s}-${i}`} label={s} size="small" color={i === 0 && suggestions.length ? 'primary' : 'default'} variant={i === 0 ? 'filled' : 'outlined'} onClick={() => choose(s)} />
            ))}
          {!loading && failed && (
            <Typography variant="body2" color="text.secondary">
              Transliteration suggestions are unavailable right now; type as usual.
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
