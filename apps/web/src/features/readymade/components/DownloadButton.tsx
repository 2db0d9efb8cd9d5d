import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { DOWNLOAD_FORMATS, downloadHref } from '../lib/readymade-filters.ts';

/**
 * Download of a whole ready-made dataset: the main button gives JSON (the ULCA format), the arrow
 * opens JSONL and CSV as alternatives. Plain links: the download is public, the browser saves the
 * streamed file itself (nothing is held in the page).
 */
export function DownloadButton({ datasetId, datasetName }: { datasetId: string; datasetName: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <ButtonGroup variant="contained" size="small" aria-label={t('readymade.downloadName', { name: datasetName })}>
        <Button
          component="a"
          href={downloadHref(datasetId, 'json')}
          download
          startIcon={<DownloadIcon />}
          aria-label={t('readymade.downloadJson', { name: datasetName })}
        >
          {t('readymade.download')}
        </Button>
        <Button
          aria-label={t('readymade.otherFormats', { name: datasetName })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          <ArrowDropDownIcon fontSize="small" />
        </Button>
      </ButtonGroup>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {DOWNLOAD_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} component="a" href={downloadHref(datasetId, format)} download onClick={() => setAnchor(null)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
