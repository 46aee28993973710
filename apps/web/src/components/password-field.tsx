import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { OutlinedTextField, type OutlinedTextFieldProps } from './outlined-text-field';

/**
 * A password input with a visibility toggle (SPEC §2 Login). The toggle's name avoids the word
 * 'Contraseña' so that the field stays the only control found by that label.
 */
export function PasswordField(props: Omit<OutlinedTextFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <OutlinedTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={isVisible ? 'Ocultar clave' : 'Mostrar clave'}
            aria-pressed={isVisible}
            onClick={() => setIsVisible((visible) => !visible)}
            edge="end"
          >
            {isVisible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
