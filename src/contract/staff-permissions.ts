/**
 * The back office's permissions (docs/back-office.md#who): strings on the user; a super administrator holds them
 * all, and an administrator (has_admin_access) holds those listed on them.
 */
export const STAFF_PERMISSIONS = [
  'order:view',
  'order:manage',
  'catalogue:manage',
  'coupon:manage',
  'delivery:manage',
  'people:manage',
  'website_setting:view',
  'website_setting:edit',
  'pos_access:view',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * The back office's sections past orders and refunds (the tills and sales figures need order:manage, not order:view), by the path under /bos/admin they own and the permission
 * that opens them: the route guard (lib/guards.ts) and the header's links (features/backoffice/shell/nav.ts) read
 * this one list.
 */
export const BOS_SECTIONS: readonly (readonly [prefix: string, permission: StaffPermission])[] = [
  ['tills', 'order:manage'],
  ['sales', 'order:manage'],
  ['products', 'catalogue:manage'],
  ['stock', 'catalogue:manage'],
  ['catalogue', 'catalogue:manage'],
  ['coupons', 'coupon:manage'],
  ['delivery', 'delivery:manage'],
  ['people', 'people:manage'],
  ['audit', 'people:manage'],
];

/** Every permission that opens some part of the back office (/bos/admin). */
export const BOS_PERMISSIONS: readonly StaffPermission[] = ['order:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'];
