// The maps that need Leaflet, in one lazy chunk (MapPanel, PinPickerPanel): Leaflet, its styles and
// the tiles code load once, whichever map comes first.
export { type MapPin, PinMap } from './PinMap';
export { PinPicker, type PinPosition } from './PinPicker';
