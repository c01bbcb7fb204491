/** The demo shop's websites, people, delivery areas and coupons. */

export const WEBSITES = [
  {
    host: 'localhost',
    name: 'Annapurna Fresh',
    description: 'Fresh groceries, staples and daily essentials from Bengaluru, delivered to your door the next morning.',
    logo: '/demo/logo-annapurna.svg',
    favicon: '/demo/favicon-annapurna.svg',
    font_family: 'Inter, sans-serif',
    nav_alignment: 'left',
    theme: {
      primary: '#15803d', 'primary-foreground': '#ffffff', secondary: '#fef3c7', 'secondary-foreground': '#713f12',
      accent: '#f59e0b', background: '#ffffff', foreground: '#1c1917', muted: '#f5f5f4', 'muted-foreground': '#57534e', border: '#e7e5e4',
    },
    navSetting: { navbar_template: 1, header_template: 1, footer_name: 'Annapurna Fresh', logo_settings: '{"image_width":56,"image_height":56}' },
    address: { line1: '42, 3rd Cross, Indiranagar', line2: 'HAL 2nd Stage', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', phone: '+91 80 4000 1234', email: 'hello@annapurna.example' },
    popup: { image: '/demo/popup-annapurna.svg', alt: 'Up to 30% off on staples, dairy and fresh fruit. Shop the offers', duration: 5, link: '/products?s=discount', once: true },
  },
  {
    host: 'shop2.localhost',
    name: 'Kirana Bazaar',
    description: 'Your neighbourhood kirana, online: dals, masalas, snacks and household needs at everyday low prices.',
    logo: '/demo/logo-kirana.svg',
    favicon: '/demo/favicon-kirana.svg',
    font_family: 'Poppins, sans-serif',
    nav_alignment: 'center',
    theme: {
      primary: '#9f1239', 'primary-foreground': '#ffffff', secondary: '#ffedd5', 'secondary-foreground': '#7c2d12',
      accent: '#ea580c', background: '#fffbf5', foreground: '#292524', muted: '#fdf2e9', 'muted-foreground': '#78716c', border: '#fed7aa',
    },
    navSetting: { navbar_template: 3, header_template: 2, footer_name: 'Kirana Bazaar', navbar_height: 64, logo_settings: '{"image_width":64,"image_height":64}' },
    address: { line1: 'Shop 7, Ranade Road', line2: 'Dadar West', city: 'Mumbai', state: 'Maharashtra', pincode: '400028', phone: '+91 22 6000 5678', email: 'namaste@kirana.example' },
    popup: null,
  },
] as const;

/** Warehouses and the delivery zones (indexes into ZONES) each serves: only Bengaluru reaches the wider areas. */
export const WAREHOUSES = [
  { code: 'BLR', name: 'Bengaluru Central', city: 'Bengaluru', pincode: '560048', zones: [0, 1] },
  { code: 'MUM', name: 'Mumbai Bhiwandi', city: 'Mumbai', pincode: '421302', zones: [0] },
  { code: 'DEL', name: 'Delhi Okhla', city: 'New Delhi', pincode: '110020', zones: [0] },
] as const;

/** Charges in paise: metro areas pay ₹30 below ₹499, wider areas ₹50 below ₹799 and pay online only (no cash on delivery). */
export const ZONES = [
  { name: 'Metro', charge_paise: 3000, free_above_paise: 49900, min_order_paise: 9900, lead_days: 1, cod_allowed: 1 },
  { name: 'Extended', charge_paise: 5000, free_above_paise: 79900, min_order_paise: 19900, lead_days: 2, cod_allowed: 0 },
] as const;

/** [pincode, city, state, zone index or null when not delivered]. */
export const PINCODES: readonly (readonly [string, string, string, number | null])[] = [
  ['560001', 'Bengaluru', 'Karnataka', 0], ['560034', 'Bengaluru', 'Karnataka', 0], ['560038', 'Bengaluru', 'Karnataka', 0],
  ['560076', 'Bengaluru', 'Karnataka', 0], ['400001', 'Mumbai', 'Maharashtra', 0], ['400028', 'Mumbai', 'Maharashtra', 0],
  ['110001', 'New Delhi', 'Delhi', 0], ['600001', 'Chennai', 'Tamil Nadu', 1], ['500001', 'Hyderabad', 'Telangana', 1],
  ['411001', 'Pune', 'Maharashtra', 1], ['570001', 'Mysuru', 'Karnataka', 1],
  ['799001', 'Agartala', 'Tripura', null], ['744101', 'Port Blair', 'Andaman and Nicobar Islands', null], ['190001', 'Srinagar', 'Jammu and Kashmir', null],
];

export const DEMO_USERS = [
  { role: 'shopper', name: 'Asha Verma', email: 'asha@example.com', phone: '9876500001', flags: {}, permissions: [] },
  { role: 'sales agent', name: 'Ravi Kumar', email: 'ravi.agent@example.com', phone: '9876500002', flags: { is_sales_agent: 1 }, permissions: [] },
  {
    role: 'administrator', name: 'Meera Iyer', email: 'meera.admin@example.com', phone: '9876500003',
    flags: { has_admin_access: 1 }, permissions: ['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'],
  },
  {
    role: 'super administrator', name: 'Arjun Rao', email: 'arjun.super@example.com', phone: '9876500004',
    flags: { is_superadmin: 1, has_admin_access: 1 }, permissions: ['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'],
  },
  // The point of sale's cashier (docs/pos.md): the counter only, none of the back office.
  { role: 'cashier', name: 'Kiran Nair', email: 'kiran.cashier@example.com', phone: '9876500005', flags: {}, permissions: ['pos_access:view'] },
] as const;

const DAY = 86_400_000;
export interface CouponSeed {
  code: string;
  description: string;
  kind: 'flat' | 'percent';
  /** Paise for flat coupons, percent for percentage coupons. */
  value: number;
  max_discount_paise?: number;
  min_cart_paise?: number;
  starts_at?: string;
  ends_at?: string;
  usage_limit?: number;
  per_user_limit?: number;
  first_order_only?: number;
  /** Restricted to this category (by name) or brand. */
  category?: string;
  brand?: string;
}
/** Coupons exercising every rule: flat, percent with a cap, minimum, window, limits, first order, category, brand. */
export const coupons = (now: number): CouponSeed[] => [
  { code: 'WELCOME50', description: '₹50 off your first order above ₹299', kind: 'flat', value: 5000, min_cart_paise: 29900, first_order_only: 1 },
  { code: 'SAVE10', description: '10% off above ₹499, up to ₹100, once per customer', kind: 'percent', value: 10, max_discount_paise: 10000, min_cart_paise: 49900, per_user_limit: 1 },
  { code: 'DAIRY15', description: '15% off dairy, up to ₹75', kind: 'percent', value: 15, max_discount_paise: 7500, category: 'Dairy & Bakery' },
  { code: 'SPARKLE20', description: '20% off Sparkle Home, up to ₹120', kind: 'percent', value: 20, max_discount_paise: 12000, brand: 'Sparkle Home' },
  { code: 'DIWALI100', description: '₹100 off above ₹999 (expired)', kind: 'flat', value: 10000, min_cart_paise: 99900, starts_at: iso(now - 60 * DAY), ends_at: iso(now - 30 * DAY) },
  { code: 'NEWYEAR25', description: '25% off from 1 January, up to ₹150', kind: 'percent', value: 25, max_discount_paise: 15000, starts_at: iso(now + 30 * DAY), ends_at: iso(now + 45 * DAY) },
  { code: 'LASTONE', description: '₹75 off, one use left', kind: 'flat', value: 7500, usage_limit: 1 },
  { code: 'NAMASTE20', description: '₹20 off any order above ₹99', kind: 'flat', value: 2000, min_cart_paise: 9900 },
];

const iso = (ms: number) => new Date(ms).toISOString();
