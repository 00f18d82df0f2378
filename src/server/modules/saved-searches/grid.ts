/**
 * The grid that indexes saved searches by place (issue 23 item 3): cells of CELL_DEG × CELL_DEG
 * degrees (about 17 by 13 miles in Texas). A saved search with a zip stores every cell its radius's
 * bounding box touches, so the provider of a new opening is looked up by its one cell (a GIN index
 * on the cells) and the exact distance is tested on those few. ANYWHERE marks a search without a zip.
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
