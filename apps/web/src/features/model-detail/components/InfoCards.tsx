import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ModelRecord } from '@ulca/contracts';
import { cutText, modelCards } from '../lib/model-cards.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * The model's description cards (docs/product.md#screens): text cut to 30 characters with the full text in a
 * tooltip; the Source URL card is a link. `column` stacks them (the right-hand column of the try view).
 * `uptime7d` (text such as '99.5 %') adds the 7-day uptime card.
 */
export function InfoCards({ model, column = false, uptime7d }: { model: ModelRecord; column?: boolean; uptime7d?: string }) {
  useTranslation(); // re-render on a language change: the card titles come from the catalogue
  return (
    <Grid container spacing={column ? 1.5 : 2}>
      {modelCards(model, uptime7d).map((card) => {
        const short = cutText(card.value);
        const text = card.href ? (
          <Link href={card.href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {short}
          </Link>
        ) : (
          short
        );
        return (
          <Grid key={card.key} size={column ? 12 : { xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="caption" color="text.secondary" component="h3" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
                  {card.title}
                </Typography>
                {short === card.value ? (
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{text}</Typography>
                ) : (
                  <Tooltip title={card.value} arrow>
                    <Typography tabIndex={0} sx={{ overflowWrap: 'anywhere' }} aria-label={`${card.title}: ${card.value}`}>
                      {text}
                    </Typography>
                  </Tooltip>
                )}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
