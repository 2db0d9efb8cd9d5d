import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import type { Session } from '../../lib/session.ts';
import { useLogout } from '../../features/auth/useLogout.ts';
import type { MenuDef } from './menus.ts';

/*
 * The header's parts that a visitor's first paint does not need, a lazy chunk of Header.tsx: the
 * navigation drawer of narrow screens and the menus of wide screens (loaded when first opened), and
 * the signed-in profile menu.
 */

/** A wide screen's menu of one header entry (its tabs, as links), open while `anchor` is set; a click on a tab closes it. */
export function NavMenu({
  id,
  menu,
  pathname,
  anchor,
  onClose,
}: {
  id: string;
  menu: MenuDef;
  pathname: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {menu.tabs.map((tab) => (
        <MenuItem key={tab.to} component={RouterLink} to={tab.to} selected={pathname === tab.to} onClick={onClose}>
          {t(tab.key)}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The narrow-screen navigation drawer: Dashboard, then each visible menu's tabs; any click closes it. */
export function NavDrawer({ open, onClose, menus, pathname }: { open: boolean; onClose: () => void; menus: MenuDef[]; pathname: string }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('shell.mainNav')} sx={{ width: 270 }} onClick={onClose}>
        <List>
          <ListItemButton component={RouterLink} to="/dashboard" selected={pathname === '/dashboard'}>
            <ListItemText primary={t('shell.dashboard')} />
          </ListItemButton>
        </List>
        {menus.map((m) => (
          <List key={m.label} subheader={<ListSubheader>{t(m.key)}</ListSubheader>}>
            {m.tabs.map((tab) => (
              <ListItemButton key={tab.to} component={RouterLink} to={tab.to} selected={pathname === tab.to} sx={{ pl: 3 }}>
                <ListItemText primary={t(tab.key)} />
              </ListItemButton>
            ))}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}

function initialOf(s: Session): string {
  return (s.userDetails.firstName || s.userDetails.email || '?').trim().charAt(0).toUpperCase();
}

/** The signed-in user's avatar button and its menu: name, e-mail, My Profile, Log out. */
export function ProfileMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const name = [session.userDetails.firstName, session.userDetails.lastName].filter(Boolean).join(' ');
  return (
    <>
      <IconButton
        aria-label={t('shell.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'menu-profile' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: '1rem' }}>{initialOf(session)}</Avatar>
      </IconButton>
      <Menu
        id="menu-profile"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
          <Typography variant="subtitle2" noWrap>
            {name || session.userDetails.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {session.userDetails.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('shell.myProfile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.logOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
