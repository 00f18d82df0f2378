/**
 * The grid that indexes saved searches by place: cells of CELL_DEG × CELL_DEG
 * degrees (about 17 by 13 miles in Texas). A saved search with a zip stores every cell its radius's
 * bounding box touches, so the provider of a new opening is looked up by its one cell (with its
 * words: savedSearchKeys, a GIN index) and the exact distance is tested on those few. ANYWHERE
 * marks a search without a zip.
 */
export const CELL_DEG = 0.25;
export const ANYWHERE = -1;
const ROWS_OFFSET = 360;
const COLS = 1440;
const COLS_OFFSET = 720;
const MILES_PER_DEG_LAT = 69.05;
/** Search's points are jittered a little (search.queries); the cells cover a margin around the radius. */
const MARGIN_MILES = 1;

/** The cell of a position. */
export function cellOf(latitude: number, longitude: number): number {
  const row = Math.floor(latitude / CELL_DEG) + ROWS_OFFSET;
  const col = Math.floor(longitude / CELL_DEG) + COLS_OFFSET;
  return row * COLS + col;
}

/** Every cell the circle's bounding box (radius plus a margin) touches. */
export function cellsAround(latitude: number, longitude: number, radiusMiles: number): number[] {
  const miles = radiusMiles + MARGIN_MILES;
  const dLat = miles / MILES_PER_DEG_LAT;
  const south = latitude - dLat;
  const north = latitude + dLat;
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.max(Math.cos((Math.min(widest, 89) * Math.PI) / 180), 0.01);
  const dLng = miles / (MILES_PER_DEG_LAT * cos);
  const cells: number[] = [];
  for (let r = Math.floor(south / CELL_DEG); r <= Math.floor(north / CELL_DEG); r++) {
    for (
      let c = Math.floor((longitude - dLng) / CELL_DEG);
      c <= Math.floor((longitude + dLng) / CELL_DEG);
      c++
    ) {
      cells.push((r + ROWS_OFFSET) * COLS + (c + COLS_OFFSET));
    }
  }
  return cells;
}

/**
 * A saved search's index keys (the saved_searches_keys_idx GIN index): each of its cells joined
 * with one of the words every match must hold ('714260:balayag'), or its category
 * ('714260#nails'), or alone ('714260') when it has neither. A provider's keys (providerKeys) hold
 * every such key that could be a saved search's, so the index finds the searches both around the
 * provider and about something the provider offers, and leaves the rest of a busy city alone.
 * Which required stem is used does not matter for what matches (the exact rules test them all);
 * the first is (the migration that made the keys used the same).
 */
export function savedSearchKeys(cells: readonly number[], stems: readonly string[], category: string | null) {
  const suffix = stems[0] !== undefined ? `:${stems[0]}` : category ? `#${category}` : '';
  return cells.map((cell) => `${cell}${suffix}`);
}

/** The keys of saved searches that may match a provider (savedSearchKeys): in its cells, about its words or categories. */
export function providerKeys(
  cells: readonly number[],
  lexemes: readonly string[],
  categories: readonly string[],
): string[] {
  const keys: string[] = [];
  for (const cell of cells) {
    keys.push(String(cell));
    for (const lexeme of lexemes) keys.push(`${cell}:${lexeme}`);
    for (const category of categories) keys.push(`${cell}#${category}`);
  }
  return keys;
}
