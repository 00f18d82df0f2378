/** The results map's texts and its default tiles (OpenStreetMap's, with the attribution they require). */
export const MAP_TEXTS = {
  searchArea: 'Search this area',
  zoomIn: 'Zoom in to search this area',
  attribution: '© OpenStreetMap contributors',
  copyrightUrl: 'https://www.openstreetmap.org/copyright',
  defaultTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
} as const;
