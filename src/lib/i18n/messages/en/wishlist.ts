/**
 * The wishlist's words in English: `wishlist` is what the heart's island and its dialogs say (bundled with the
 * island, so kept to those), `wishlistPage` the account's wishlist page (server-drawn only).
 */
export const wishlist = {
  // The heart, named by where the product stands.
  'wishlist.heartAdd': 'Add to wishlist: {name}',
  'wishlist.heartIn': 'In your wishlist: {name}',
  // 'Add Products In Wishlist': a row a list, named for what it does.
  'wishlist.dialogTitle': 'Add Products In Wishlist',
  'wishlist.default': 'Default',
  'wishlist.addTo': 'Add to {list}',
  'wishlist.removeFrom': 'Remove from {list}',
  'wishlist.add': 'Add',
  'wishlist.added': '✓ Added',
  'wishlist.createAnother': 'Create Another Wishlist',
  // ' Create Another Wish List' (the product's title, leading space and all).
  'wishlist.createTitle': ' Create Another Wish List',
  'wishlist.newList': 'New Wishlist',
  'wishlist.newListRequired': 'New Wishlist is required',
  'wishlist.cancel': 'Cancel',
  'wishlist.submit': 'Submit',
  'wishlist.created': 'Wishlist added successfully',
} as const;

/** The account's wishlist page (/account/wishlist). */
export const wishlistPage = {
  'wishlist.title': 'Wishlist',
  'wishlist.empty': 'Your wishlist is empty.',
  'wishlist.emptyHint': 'Tap the heart on any product to keep it here.',
  'wishlist.browse': 'Browse products',
} as const;
