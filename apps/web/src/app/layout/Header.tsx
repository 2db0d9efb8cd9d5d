import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { primaryRole, useSession } from '../../lib/session.ts';
import { visibleMenus, type MenuDef } from './menus.ts';
import { HEADER_HEIGHT_PX } from '../theme.ts';

// Opened on demand only (and the profile menu only when signed in): their code is not part of the first load.
const NavDrawer = lazy(() => import('./HeaderPopups.tsx').then((m) => ({ default: m.NavDrawer })));
const ProfileMenu = lazy(() => import('./HeaderPopups.tsx').then((m) => ({ default: m.ProfileMenu })));
const NavMenu = lazy(() => import('./HeaderPopups.tsx').then((m) => ({ default: m.NavMenu })));

/** True when the current path belongs to one of the menu's tabs (highlights the menu button). */
function isActive(menu: MenuDef, pathname: string): boolean {
  return menu.tabs.some((t) => pathname.startsWith(`/${t.to.split('/')[1]}`));
}

function DesktopMenu({ menu, pathname }: { menu: MenuDef; pathname: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
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
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        sx={{ borderBottom: 3, borderColor: active ? 'secondary.main' : 'transparent', borderRadius: 0, px: 1.5, height: HEADER_HEIGHT_PX }}
      >
        {t(menu.key)}
      </Button>
      {/* The menu's code (MUI Menu, Popover, Modal) loads on first open and then stays, for its closing transition. */}
      {opened ? (
        <Suspense fallback={null}>
          <NavMenu id={id} menu={menu} pathname={pathname} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function MobileMenu({ menus, pathname }: { menus: MenuDef[]; pathname: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t('shell.openNav')}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        sx={{ mr: 1 }}
      >
        <MenuIcon />
      </IconButton>
      {/* The drawer's code loads when it is first opened. */}
      {wanted && (
        <Suspense fallback={null}>
          <NavDrawer open={open} onClose={() => setOpen(false)} menus={menus} pathname={pathname} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The shared header (docs/product.md#what-the-platform-is): the ULCA title (→ /intro), the Dataset / Models / Admin menus
 * filtered by the first role, and the profile menu or a Sign In button. Below 670 px the menus
 * move into a drawer.
 */
export function Header() {
  const { t } = useTranslation();
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
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 800,
            letterSpacing: 1,
            mr: 3,
            '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
          }}
        >
          ULCA
        </Typography>
        {!compact ? (
          <Box component="nav" aria-label={t('shell.mainNav')} sx={{ display: 'flex', alignItems: 'stretch' }}>
            {menus.map((m) => (
              <DesktopMenu key={m.label} menu={m} pathname={pathname} />
            ))}
          </Box>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        {session ? (
          // Signed-in only: its code (avatar, log-out) loads with it, in a box of its final size.
          <Suspense fallback={<Box sx={{ width: 44, height: 44 }} />}>
            <ProfileMenu session={session} />
          </Suspense>
        ) : (
          <Button component={RouterLink} to="/user/login" variant="contained" color="secondary">
            {t('shell.signIn')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
