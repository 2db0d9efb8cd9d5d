import { useState, type ClipboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

const block = (e: ClipboardEvent) => e.preventDefault();

/**
 * A password TextField with a show/hide toggle that refuses copy, cut and paste (spec 01 §2
 * "Password fields disallow copy, cut and paste"). Takes every TextField prop; pass react-hook-form's
 * ref as `inputRef` (see `fieldProps`).
 */
export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      onCopy={block}
      onCut={block}
      onPaste={block}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={visible ? 'Hide password' : 'Show password'} onClick={() => setVisible((v) => !v)} edge="end">
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
