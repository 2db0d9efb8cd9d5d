import { useTranslation } from '../lib/i18n/i18n.ts';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WORD_END, closedRomanWord, romanWordAt, romanWords, type RomanWord } from '../lib/roman-word.ts';

/** Props of {@link TransliterationInput}. */
export interface TransliterationInputProps {
  /**
   * The transliteration model that suggests words; null = a plain text box for now (no model known
   * yet, or typing in Roman letters turned off). The box stays the same element when it changes,
   * so the caret and what is being typed are kept.
   */
  modelId: string | null;
  /** Suggestions for one Roman-letter word in `language` (model/compute, task transliteration); rejects on failure. */
  fetchSuggestions: (modelId: string, word: string, signal?: AbortSignal, language?: string) => Promise<string[]>;
  /** The language the words are written into (the model may serve many); the model's first pair when absent. */
  language?: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
  /**
   * 'chips': a 4-row text box with the suggestions as chips below (the model page's try panel);
   * 'list': a one-line combobox (needs `id`) with a suggestion list, keyboard navigable (the glossary form).
   */
  variant: 'chips' | 'list';
  /** The input's id, required by the 'list' variant (it names the list and its options). */
  id?: string;
  /**
   * Space, Enter and punctuation typed after a Roman word replace it by its top suggestion (the
   * highlighted one in the list), as the original ULCA's input did; default true. The transliteration
   * try panel turns it off: there the Roman text is the model's input.
   */
  acceptOnWordEnd?: boolean;
}

/**
 * The one text box of the app that transliterates as the user types (docs/product.md#model-detail-and-try-it-panels
 * "Typing in Roman letters", docs/product.md#glossary): the Roman-letter word at the caret goes to
 * transliteration model `modelId` and its suggestions are offered; choosing one replaces the word,
 * followed by one space. Space, Enter or punctuation typed after a Roman word accept its top
 * suggestion (fetched then if it was not in yet; the word is replaced only if it is still there when
 * the answer comes). A failed lookup shows a note and typing goes on as usual.
 */
export function TransliterationInput({
  modelId,
  fetchSuggestions,
  value,
  onChange,
  label,
  error,
  helperText,
  variant,
  id = 'transliteration',
  acceptOnWordEnd = true,
  language,
}: TransliterationInputProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ word: string; start: number; end: number } | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const delay = variant === 'list' ? 200 : 250;
  // The latest text (answers that come after more typing check against it) and each word's suggestions.
  const valueRef = useRef(value);
  valueRef.current = value;
  const known = useRef(new Map<string, string[]>());
  // The word the suggestions shown were fetched for: during the debounce after a key they are still
  // the previous prefix's ("ha" before "hai"), which Space must not accept for the whole word.
  const suggestedFor = useRef<string | null>(null);
  useEffect(() => known.current.clear(), [modelId, language]);

  useEffect(() => {
    if (!target || !modelId) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetchSuggestions(modelId, target.word, controller.signal, language)
        .then((list) => {
          known.current.set(target.word, list);
          suggestedFor.current = target.word;
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
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [modelId, target, fetchSuggestions, delay, language]);

  // Typing in Roman letters turned off (or the model changed): nothing offered until the next word.
  useEffect(() => {
    setTarget(null);
    setFailed(false);
  }, [modelId, language]);

  // The text changed from outside (Translate converted the last word, Clear All): stale suggestions go.
  useEffect(() => {
    if (target && value.slice(target.start, target.end) !== target.word) setTarget(null);
  }, [value, target]);

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

  /**
   * Puts `s` in place of `word` in `text` and keeps the caret where it was relative to the text after
   * the word. The new text is rendered at once (flushSync) and the caret set in the same task: a key
   * pressed in between (a suggestion that arrives while the next word is typed) would otherwise land
   * at the end of the text, where a programmatic value change leaves the caret.
   */
  const replaceWord = (text: string, word: RomanWord, s: string, caret: number) => {
    const next = `${text.slice(0, word.start)}${s}${text.slice(word.end)}`;
    valueRef.current = next;
    flushSync(() => onChange(next));
    const at = caret >= word.end ? caret + s.length - word.word.length : caret;
    if (document.activeElement === inputRef.current) inputRef.current?.setSelectionRange(at, at);
  };

  /** Accepts the top suggestion of `word`, just closed in `text` by a space, Enter or punctuation. */
  const accept = (word: RomanWord, text: string, caret: number) => {
    const shown =
      target &&
      target.word === word.word &&
      target.start === word.start &&
      suggestedFor.current === word.word &&
      !loading &&
      suggestions.length > 0;
    const listed = shown ? [...suggestions.filter((s) => s !== word.word), word.word] : [];
    const now = shown
      ? variant === 'list'
        ? listed[Math.min(active, listed.length - 1)]
        : suggestions[0]
      : known.current.get(word.word)?.[0];
    setTarget(null);
    if (now !== undefined) {
      if (now !== word.word) replaceWord(text, word, now, caret);
      return;
    }
    if (!modelId) return;
    fetchSuggestions(modelId, word.word, undefined, language)
      .then((list) => {
        known.current.set(word.word, list);
        const current = valueRef.current;
        // The word may have moved (an earlier word was replaced meanwhile): its closed occurrence nearest
        // to where it was typed; none left (edited away) = nothing replaced.
        const here = romanWords(current)
          .filter((w) => w.word === word.word && WORD_END.test(current[w.end] ?? ''))
          .sort((a, b) => Math.abs(a.start - word.start) - Math.abs(b.start - word.start))[0];
        if (!list[0] || !here) return;
        const el = inputRef.current;
        const caretNow = el && document.activeElement === el ? (el.selectionStart ?? current.length) : current.length;
        replaceWord(current, here, list[0], caretNow);
      })
      .catch(() => setFailed(true));
  };

  const onTextChange = (text: string, caret: number | null) => {
    const closed = acceptOnWordEnd && modelId ? closedRomanWord(valueRef.current, text, caret ?? text.length) : null;
    valueRef.current = text;
    onChange(text);
    if (closed) {
      accept(closed, text, caret ?? text.length);
      return;
    }
    const found = modelId ? romanWordAt(text, caret ?? text.length) : null;
    if (variant === 'list') setTarget(found);
    // Same word at the same place: keep the lookup running instead of starting it again.
    else setTarget((prev) => (found && (found.word !== prev?.word || found.start !== prev?.start) ? found : found ? prev : null));
  };

  if (variant === 'chips') {
    return (
      <Box>
        <TextField
          label={label}
          value={value}
          onChange={(e) => onTextChange(e.target.value, e.target.selectionStart)}
          inputRef={inputRef}
          multiline
          minRows={4}
          fullWidth
          error={error}
          helperText={helperText}
          placeholder={t('translit.placeholder')}
          // Urdu and other right-to-left text typed here reads in its own direction.
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        {(target || failed) && (
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', minHeight: 32 }}
            aria-label={t('translit.suggestions')}
          >
            {loading && <CircularProgress size={16} aria-label={t('translit.loading')} />}
            {!loading &&
              target &&
              [...suggestions, target.word].map((s, i) => (
                <Chip
                  key={`${s}-${i}`}
                  label={s}
                  size="small"
                  color={i === 0 && suggestions.length ? 'primary' : 'default'}
                  variant={i === 0 ? 'filled' : 'outlined'}
                  onClick={() => choose(s)}
                />
              ))}
            {!loading && failed && (
              <Typography variant="body2" color="text.secondary">
                {t('translit.unavailable')}
              </Typography>
            )}
          </Stack>
        )}
      </Box>
    );
  }

  // The model's suggestions, then the typed word itself (keep it as typed).
  const options = target ? [...suggestions.filter((s) => s !== target.word), target.word] : [];
  const open = !!target && (loading || options.length > 0);
  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        fullWidth
        error={error}
        helperText={helperText ?? t('translit.listHelp')}
        inputRef={inputRef}
        autoComplete="off"
        onChange={(e) => onTextChange(e.target.value, e.target.selectionStart)}
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
              <Typography variant="body2">{t('translit.lookingUp', { word: target?.word ?? '' })}</Typography>
            </Box>
          ) : (
            <List dense id={`${id}-suggestions`} role="listbox" aria-label={t('translit.suggestions')} disablePadding>
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
          {t('translit.unavailable')}
        </Typography>
      )}
    </Box>
  );
}
