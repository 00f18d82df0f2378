/**
 * The favourite-services catalogue in docs/product.md §9's groups and sizes. It names the groups and
 * their counts, not the items; these come from its service lists (§3 option list, §9 categories).
 */
export const SERVICE_CATALOGUE = [
  {
    group: 'Popular Services',
    services: [
      'Cut & Style',
      'Blowout',
      'Balayage',
      'Highlights',
      'Manicure',
      'Pedicure',
      'Facial',
      'Swedish Massage',
    ],
  },
  { group: 'Hair Cuts', services: ['Bob Cut', 'Pixie Cut', 'Layered Cut', 'Curly Cut', "Kids' Cut"] },
  { group: 'Color Services', services: ['Root Retouch', 'All-Over Color', 'Color Correction'] },
  { group: 'Texture & Treatments', services: ['Keratin Smoothing', 'Perm', 'Relaxer'] },
  { group: 'Barbering', services: ['Fade / Taper Cut', 'Beard Trim'] },
  { group: 'Special Occasions', services: ['Updo', 'Bridal Hair & Makeup'] },
  { group: 'Extensions', services: ['Tape-in Extensions', 'Sew-in Extensions'] },
  {
    group: 'Service Categories',
    services: [
      'Hair',
      'Massage',
      'Barber',
      'Nail Tech',
      'Esthetician',
      'Braiding',
      'Makeup',
      'Waxing',
      'Lashes & Brows',
    ],
  },
] as const;

export const CATALOGUE_SERVICES: readonly string[] = SERVICE_CATALOGUE.flatMap((g) => g.services);
