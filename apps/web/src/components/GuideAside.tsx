import type { ComponentType, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';

/** One point of a {@link GuideAside}: its text and, optionally, its own icon (default: a check mark). */
export interface GuidePoint {
  text: string;
  icon?: ComponentType<{ fontSize?: 'small'; color?: 'info' }>;
}

/**
 * The info box beside a form (Submit Dataset, Submit Model, Search & Download): a title, a list of
 * points and a closing paragraph (`children`). `iconWidth`: the width of the icon column in px.
 */
export function GuideAside({
  title,
  points,
  iconWidth = 28,
  children,
}: {
  title: string;
  points: readonly GuidePoint[];
  iconWidth?: number;
  children: ReactNode;
}) {
  return (
    <Alert severity="info" icon={false} sx={{ alignSelf: 'start', '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {points.map(({ text, icon: Icon = CheckCircleOutlineIcon }) => (
          <ListItem key={text} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: iconWidth, mt: 0.5 }}>
              <Icon fontSize="small" color="info" />
            </ListItemIcon>
            <ListItemText primary={text} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {children}
      </Typography>
    </Alert>
  );
}
