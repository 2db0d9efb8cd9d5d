import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { primaryRole, useSession, type Session } from '../../lib/session.ts';
import { useLogout } from '../../features/auth/useLogout.ts';
import { visibleMenus, type MenuDef } from './menus.ts';
import { HEADER_HEIGHT_PX } from '../theme.ts';

/** True when the current path belongs to one of the menu's tabs (highlights the menu button). */
function isActive(menu: MenuDef, pathname: string): boolean {
  return menu.tabs.some((t) => pathname.startsWith(`/${t.to.split('/')[1]}`));
}

function DesktopMenu({ menu, pathname }: { menu: MenuDef; pathname: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${menu.label.toLowerCase()}`;
  const active = isActive(menu, pathname);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ borderBottom: 3, borderColor: active ? 'secondary.main' : 'transparent', borderRadius: 0, px: 1.5, height: HEADER_HEIGHT_PX }}
      >
        {menu.label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {menu.tabs.map((t) => (
          <MenuItem key={t.to} component={RouterLink} to={t.to} selected={pathname === t.to} onClick={() => setAnchor(null)}>
            {t.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function initialOf(s: Session): string {
  return (s.userDetails.firstName || s.userDetails.email || '?').trim().charAt(0).toUpperCase();
}

function ProfileMenu({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const name = [session.userDetails.firstName, session.userDetails.lastName].filter(Boolean).join(' ');
  return (
    <>
      <IconButton aria-label="Account menu" aria-haspopup="menu" aria-controls={anchor ? 'menu-profile' : undefined} onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.5 }}>
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: '1rem' }}>{initialOf(session)}</Avatar>
      </IconButton>
      <Menu id="menu-profile" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
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
          My Profile
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
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}

function MobileMenu({ menus, pathname }: { menus: MenuDef[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
        <MenuIcon />
      </IconButton>
      <Drawer open={open} onClose={() => setOpen(false)}>
        <Box component="nav" aria-label="Main" sx={{ width: 270 }} onClick={() => setOpen(false)}>
          <List>
            <ListItemButton component={RouterLink} to="/dashboard" selected={pathname === '/dashboard'}>
              <ListItemText primary="Dashboard" />
            </ListItemButton>
          </List>
          {menus.map((m) => (
            <List key={m.label} subheader={<ListSubheader>{m.label}</ListSubheader>}>
              {m.tabs.map((t) => (
                <ListItemButton key={t.to} component={RouterLink} to={t.to} selected={pathname === t.to} sx={{ pl: 3 }}>
                  <ListItemText primary={t.label} />
                </ListItemButton>
              ))}
            </List>
          ))}
        </Box>
      </Drawer>
    </>
  );
}

/**
 * The shared header (spec 01 §2): the ULCA title (→ /intro), the Dataset / Models / Admin menus
 * filtered by the first role, and the profile menu or a Sign In button. Below 670 px the menus
 * move into a drawer.
 */
export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('tabletL'));
  const menus = visibleMenus(primaryRole(session));

  return (
    <AppBar position="sticky" color="primary" elevation={0} component="header">
      <Toolbar sx={{ minHeight: HEADER_HEIGHT_PX, gap: 1 }}>
        {compact ? <MobileMenu menus={menus} pathname={pathname} /> : null}
        <Typography
          component={RouterLink}
          to="/intro"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, letterSpacing: 1, mr: 3, '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 } }}
        >
          ULCA
        </Typography>
        {!compact ? (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'stretch' }}>
            {menus.map((m) => (
              <DesktopMenu key={m.label} menu={m} pathname={pathname} />
            ))}
          </Box>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {session ? (
          <ProfileMenu session={session} />
        ) : (
          <Button component={RouterLink} to="/user/login" variant="contained" color="secondary">
            Sign In
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
