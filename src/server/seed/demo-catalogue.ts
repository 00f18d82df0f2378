/** The demo catalogue: a few accounts of each kind in real places. Later issues grow it. */
export interface DemoProvider {
  name: string;
  email: string;
  location: string;
  bio: string;
  categories: string[];
  specialties: string[];
  amenities: string[];
  bookingLink: string;
  availability: string;
  pricing: { service: string; price: string; description: string }[];
}

export const DEMO_CLIENT = { name: 'Casey Client', email: 'client@demo.glowfind.example' };
export const DEMO_ADMIN = { name: 'Avery Admin', email: 'admin@demo.glowfind.example' };

export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    name: 'Maya Rivera Hair Studio',
    email: 'maya@demo.glowfind.example',
    location: 'Austin, TX 78701',
    bio: 'Colorist and stylist for 12 years. Lived-in balayage, curly cuts and gentle color corrections in a calm private studio.',
    categories: ['hair'],
    specialties: ['Balayage', 'Curly Cuts', 'Color Correction'],
    amenities: ['LGBTQIA+ Friendly', 'Private Studio', 'Free Wi-Fi'],
    bookingLink: 'https://example.com/book/maya-rivera',
    availability: 'Tue-Sat 10AM-6PM',
    pricing: [
      { service: 'Balayage', price: '$180 - $260', description: 'Hand-painted, lived-in color with toner' },
      { service: 'Cut & Style', price: '$75', description: 'Consultation, wash, cut and blowout' },
    ],
  },
  {
    name: 'Jordan Lee Massage',
    email: 'jordan@demo.glowfind.example',
    location: 'Des Moines, IA 50309',
    bio: 'Licensed massage therapist focused on deep tissue and prenatal work. Quiet sessions on request.',
    categories: ['massage'],
    specialties: ['Deep Tissue', 'Prenatal', 'Hot Stone'],
    amenities: ['Silent Service Option', 'Wheelchair Accessible', 'Parking Available'],
    bookingLink: 'https://example.com/book/jordan-lee',
    availability: 'Mon-Fri 9AM-5PM',
    pricing: [
      { service: 'Deep Tissue', price: '$95', description: '60 minutes of focused deep tissue work' },
      {
        service: 'Prenatal',
        price: 'Starting at $90',
        description: 'Side-lying massage for every trimester',
      },
    ],
  },
  {
    name: 'Sharp Line Barbers',
    email: 'sharpline@demo.glowfind.example',
    location: 'Chicago, IL 60614',
    bio: 'Classic cuts, fades and hot-towel straight razor shaves. Kids welcome on Saturdays.',
    categories: ['barber'],
    specialties: ['Fade / Taper Cut', 'Beard Trim', 'Straight Razor Shave'],
    amenities: ['Kid-Friendly', 'Snacks & Beverages', 'Multilingual'],
    bookingLink: 'https://example.com/book/sharp-line',
    availability: 'Mon-Sat 8AM-7PM',
    pricing: [
      { service: 'Classic Haircut', price: '$35', description: 'Clipper and scissor cut with hot towel' },
      { service: 'Beard Trim', price: '$20', description: 'Shape-up with razor line' },
    ],
  },
  {
    name: 'Polished by Priya',
    email: 'priya@demo.glowfind.example',
    location: 'Brooklyn, NY 11211',
    bio: 'Gel, structured manicures and hand-painted nail art. Non-toxic products and a kid-free studio.',
    categories: ['nails'],
    specialties: ['Gel Nails', 'Nail Art', 'Pedicure'],
    amenities: ['Kid-Free Environment', 'Neurodivergent Friendly', 'Gratuity Free'],
    bookingLink: 'https://example.com/book/priya',
    availability: 'Wed-Sun 11AM-7PM',
    pricing: [
      { service: 'Gel Manicure', price: '$55', description: 'Shape, cuticle care and gel color' },
      { service: 'Nail Art', price: 'Starting at $15', description: 'Hand-painted designs, per set' },
    ],
  },
  {
    name: 'Glow Skin by Amara',
    email: 'amara@demo.glowfind.example',
    location: 'Los Angeles, CA 90026',
    bio: 'Esthetician specializing in facials for sensitive and melanin-rich skin, brow shaping and lash extensions.',
    categories: ['esthetician'],
    specialties: ['Facial', 'Brow Shaping', 'Lash Extensions'],
    amenities: ['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Free Wi-Fi'],
    bookingLink: 'https://example.com/book/amara',
    availability: 'Thu-Mon 10AM-6PM',
    pricing: [
      {
        service: 'Signature Facial',
        price: '$120',
        description: 'Double cleanse, extractions, mask and massage',
      },
      { service: 'Brow Shaping', price: '$30', description: 'Wax or thread with mapping' },
    ],
  },
];
