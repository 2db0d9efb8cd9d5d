import { useState, type SyntheticEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

const block = (e: SyntheticEvent) => e.preventDefault();

/**
 * The one password input of the app (login, sign-up, reset, admin edit): a TextField with a
 * show/hide toggle that refuses copy, cut and paste (docs/product.md#sign-in-and-accounts "Password fields disallow copy, cut
 * and paste"), and dropping dragged text, which would be a paste by other means. Takes every
 * TextField prop; the caller's clipboard handlers are ignored on purpose. Pass react-hook-form's ref
 * as `inputRef` (see `fieldProps`).
 */
export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  const input = props.slotProps?.input;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      onCopy={block}
      onCut={block}
      onPaste={block}
      onDrop={block}
      slotProps={{
        ...props.slotProps,
        input: {
          ...(typeof input === 'object' ? input : undefined),
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                onClick={() => setVisible((v) => !v)}
                edge="end"
                disabled={props.disabled}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
