import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fetchTransliterationSuggestions, romanWordAt } from '../../model-detail/index.ts';

/**
 * A one-line text box that transliterates as the user types (spec 02 §2 Glossary page: non-English
 * text through a transliteration input): the Roman-letter word at the caret goes to the
 * transliteration model `modelId` (model/compute) and its suggestions are listed below; a click,
 * or Enter on the highlighted one (arrows move, Escape closes), replaces the word.
 */
export function TransliterationField({
  modelId,
  value,
  onChange,
  label,
  error,
  helperText,
  id,
}: {
  modelId: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
  id: string;
}) {
  const [target, setTarget] = useState<{ word: string; start: number; end: number } | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

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
          setActive(0);
          setFailed(false);
        })
        .catch((err: unknown) => {
          if ((err as Error).name !== 'AbortError') {
            setSuggestions([]);
            setFailed(true);
          }
        })
        .finally(() => setLoading(false));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [modelId, target]);

  // The model's suggestions, then the typed word itself (keep it as typed).
  const options = target ? [...suggestions.filter((s) => s !== target.word), target.word] : [];
  const open = !!target && (loading || options.length > 0);

  const choose = (s: string) => {
    if (!target) return;
    // The chosen word and one space, so the next word can be typed at once (the server trims).
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
    <Box sx={{ position: 'relative' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        fullWidth
        error={error}
        helperText={helperText ?? 'Type in Roman letters; pick a suggestion with a click or Enter.'}
        inputRef={inputRef}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value);
          const found = romanWordAt(e.target.value, e.target.selectionStart ?? e.target.value.length);
          setTarget(found);
        }}
        onKeyDown={(e) => {
          if (!open || options.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % options.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + options.length) % options.length);
          } else if (e.key === 'Enter' && !loading) {
            e.preventDefault();
            choose(options[Math.min(active, options.length - 1)]!);
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setTarget(null);
          }
        }}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-expanded': open,
            'aria-controls': `${id}-suggestions`,
            'aria-autocomplete': 'list',
            'aria-activedescendant': open && !loading ? `${id}-option-${active}` : undefined,
          },
        }}
      />
      {open && (
        <Paper elevation={4} sx={{ mt: 0.5, maxHeight: 220, overflowY: 'auto' }}>
          {loading ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Looking up “{target?.word}”…</Typography>
            </Box>
          ) : (
            <List dense id={`${id}-suggestions`} role="listbox" aria-label="Transliteration suggestions" disablePadding>
              {options.map((s, i) => (
                <ListItemButton
                  key={`${s}-${i}`}
                  id={`${id}-option-${i}`}
                  role="option"
                  aria-selected={i === active}
                  selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(s)}
                >
                  {s}
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      )}
      {failed && !open && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Transliteration suggestions are unavailable right now; type as usual.
        </Typography>
      )}
    </Box>
  );
}
