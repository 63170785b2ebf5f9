// Saved themes: a creator's own theme (spec §3 Theme entity), its brand fields as validated JSON.
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import type { ThemeBrand } from '../../src/shared/schemas/themes';

export const customThemes = sqliteTable(
  'custom_themes',
  {
    /** `custom-…`: told apart from the built-in themes' ids wherever a theme id is accepted. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand', { mode: 'json' }).$type<ThemeBrand>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('custom_themes_user_idx').on(t.userId, t.createdAt)],
);

export type CustomThemeRow = typeof customThemes.$inferSelect;
