/**
 * The attributes buyers filter and compare fixings and tools on. Two kinds of option values:
 * - `measure`: whole-number sizes use the number itself as the value ("12" is M12, "100" is 100 mm),
 *   readable in filter URLs; their option lists are collected from the products that use them.
 * - `list`: everything else gets a numeric id (base + position), because labels such as "5.5 mm" or
 *   "A4 stainless" would put dots and spaces in filter values (SPEC §5 skips values with a dot).
 */
export type AttributeDef =
  | { kind: 'measure'; code: string; id: number; label: string; format: (n: number) => string; comparable: boolean }
  | { kind: 'list'; code: string; id: number; label: string; base: number; labels: readonly string[]; comparable: boolean };

const mm = (n: number): string => `${n} mm`;
const withUnit = (values: readonly number[], unit: string): string[] => values.map((n) => `${n}${unit}`);

/** Drill, hole and cutter diameters: HSS in half millimetres, masonry bits, holesaws and cores. */
export const DRILL_DIAMETERS = [
  1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 12.5, 13,
  14, 15, 16, 18, 19, 20, 22, 24, 25, 26, 28, 30, 32, 35, 38, 40, 44, 51, 57, 64, 68, 76, 89, 102, 107, 114, 127, 152,
] as const;
export const SCREW_DIAMETERS = [3, 3.5, 4, 4.5, 5, 5.5, 6, 6.3, 7.5, 8, 10, 12] as const;
export const THICKNESSES = [0.5, 0.7, 1, 1.2, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8, 9.5, 12.5, 15, 25] as const;
export const LOADS_KN = [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.2, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7.5, 9, 12, 16, 20, 25, 30, 35, 40, 50, 60] as const;

export const ATTRIBUTE_DEFS: readonly AttributeDef[] = [
  { kind: 'measure', code: 'bolt_diameter', id: 141, label: 'Thread diameter', format: (n) => `M${n}`, comparable: true },
  { kind: 'measure', code: 'anchor_length', id: 142, label: 'Length', format: mm, comparable: true },
  { kind: 'list', code: 'drill_hole_diameter', id: 143, label: 'Drill hole diameter', base: 1000, labels: withUnit(DRILL_DIAMETERS, ' mm'), comparable: true },
  { kind: 'measure', code: 'max_fixture_thickness', id: 144, label: 'Max. fixture thickness', format: mm, comparable: true },
  { kind: 'measure', code: 'embedment_depth', id: 145, label: 'Embedment depth', format: mm, comparable: true },
  { kind: 'list', code: 'screw_diameter', id: 146, label: 'Screw diameter', base: 400, labels: SCREW_DIAMETERS.map((n) => `${n.toFixed(1)} mm`), comparable: true },
  { kind: 'list', code: 'material', id: 147, label: 'Material', base: 100, comparable: true, labels: [
    'Carbon steel', 'A2 stainless steel', 'A4 stainless steel', 'Nylon', 'Polypropylene', 'Zinc alloy', 'HSS cobalt',
    'Tungsten carbide', 'Bi-metal', 'Diamond segment', 'Polyester resin', 'Vinylester resin', 'Epoxy resin', 'Silicone',
    'Polyurethane', 'Acrylic', 'Nitrile-coated HPPE', 'Polycarbonate', 'HDPE', 'Leather', 'Polyester', 'Steel', 'Fibreglass',
  ] },
  { kind: 'list', code: 'finish', id: 148, label: 'Finish', base: 130, comparable: true, labels: [
    'Bright zinc plated', 'Hot-dip galvanised', 'Yellow passivated', 'Black phosphate', 'Ceramic coated',
    'Green coated', 'Brown coated', 'Self colour', 'Plain',
  ] },
  { kind: 'list', code: 'head_type', id: 149, label: 'Head type', base: 160, comparable: true, labels: [
    'Countersunk', 'Pan', 'Hex', 'Hex flange', 'Wafer', 'Button', 'Bugle', 'Coach (round)', 'Mushroom', 'Projecting bolt', 'Eye', 'Flat',
  ] },
  { kind: 'list', code: 'drive', id: 150, label: 'Drive', base: 190, comparable: true, labels: [
    'PZ2', 'PZ3', 'PH2', 'TX20', 'TX25', 'TX30', 'TX40', '8 mm hex', '10 mm hex', '13 mm hex', '17 mm hex', '19 mm hex', 'Slotted', 'SDS-plus', 'SDS-max', 'Hex shank', '24 mm hex', '30 mm hex',
  ] },
  { kind: 'list', code: 'colour', id: 93, label: 'Colour', base: 50, comparable: false, labels: [
    'Clear', 'White', 'Black', 'Brown', 'Grey', 'Red', 'Yellow', 'Blue', 'Orange', 'Green', 'Magnolia', 'Beige', 'Smoke',
  ] },
  { kind: 'list', code: 'thickness', id: 151, label: 'Thickness', base: 220, labels: withUnit(THICKNESSES, ' mm'), comparable: true },
  { kind: 'measure', code: 'pack_quantity', id: 152, label: 'Pack quantity', format: (n) => String(n), comparable: true },
  { kind: 'list', code: 'characteristic_load_kn', id: 153, label: 'Characteristic load', base: 260, labels: withUnit(LOADS_KN, ' kN'), comparable: true },
  { kind: 'list', code: 'approval', id: 154, label: 'Approval', base: 320, comparable: true, labels: [
    'ETA Option 1 (cracked concrete)', 'ETA Option 7 (non-cracked concrete)', 'ETA for masonry', 'UKCA marked', 'CE marked',
    'EN 14592 (timber)', 'EN 166 (eye protection)', 'EN 388 (gloves)', 'EN ISO 20471 Class 2', 'EN ISO 20345 S3', 'EN 397 (helmets)',
    'EN 352 (hearing)', 'EN 149 FFP2', 'EN 149 FFP3', 'BS 476 fire rated',
  ] },
  { kind: 'measure', code: 'battery_voltage', id: 155, label: 'Battery voltage', format: (n) => `${n} V`, comparable: true },
  { kind: 'list', code: 'battery_capacity', id: 156, label: 'Battery capacity', base: 360, comparable: true, labels: [
    'Body only', '2.0 Ah', '4.0 Ah', '5.0 Ah', '8.0 Ah', 'Corded 240 V', 'Corded 110 V',
  ] },
  { kind: 'list', code: 'size', id: 157, label: 'Size', base: 380, comparable: false, labels: [
    'S', 'M', 'L', 'XL', 'XXL', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 12', 'One size',
  ] },
  { kind: 'list', code: 'new', id: 158, label: 'New', base: 0, labels: ['No', 'Yes'], comparable: false },
];
