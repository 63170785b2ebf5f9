// One masthead per theme (ThemeMeta.headerStyle): each theme's nameplate is designed on its own,
// with tables and solid colours only (no gradients, images or web fonts) so it survives Outlook.
import type { HeaderStyle } from '../../shared/themes';
import type { Masthead } from './masthead-kit';
import { broadsheet, community, corporate, editorial, ledger, magazine, capitol, letter } from './mastheads-print';
import { ticker, terminal, scoreboard, bands, bubbly, notebook, minimal, launch, postcard, wellness } from './mastheads-vivid';

export const MASTHEADS: Record<HeaderStyle, Masthead> = {
  broadsheet,
  ticker,
  community,
  corporate,
  terminal,
  scoreboard,
  bands,
  bubbly,
  notebook,
  minimal,
  launch,
  editorial,
  ledger,
  postcard,
  wellness,
  magazine,
  capitol,
  letter,
};
