/**
 * The demo shop's catalogue, as a grocer would stock it. Each item is `[name, pack kind, price of the base
 * pack in rupees]`; the seed offers every item from two or three of its category's brands.
 */
export type PackKind = 'grams' | 'smallGrams' | 'ml' | 'litre' | 'pieces' | 'bunch' | 'dozen' | 'kgLoose' | 'single';
export type Item = readonly [name: string, kind: PackKind, basePrice: number];
export interface CategoryNode {
  name: string;
  brands?: readonly string[];
  items?: readonly Item[];
  children?: readonly CategoryNode[];
}

/** Pack names and how many base packs each holds; larger packs are a little cheaper per unit. */
export const PACKS: Record<PackKind, readonly (readonly [name: string, units: number, grams: number])[]> = {
  grams: [['500 g', 1, 500], ['1 kg', 2, 1000], ['5 kg', 10, 5000]],
  smallGrams: [['100 g', 1, 100], ['200 g', 2, 200], ['500 g', 5, 500]],
  ml: [['200 ml', 1, 200], ['500 ml', 2.5, 500], ['1 L', 5, 1000]],
  litre: [['1 L', 1, 1000], ['2 L', 2, 2000], ['5 L', 5, 5000]],
  pieces: [['1 pc', 1, 150], ['Pack of 3', 3, 450], ['Pack of 6', 6, 900]],
  bunch: [['1 bunch', 1, 100], ['2 bunches', 2, 200]],
  dozen: [['6 pcs', 1, 360], ['12 pcs', 2, 720], ['30 pcs', 5, 1800]],
  kgLoose: [['250 g', 1, 250], ['500 g', 2, 500], ['1 kg', 4, 1000]],
  single: [['1 pack', 1, 250]],
};

export const CATALOGUE: readonly CategoryNode[] = [
  {
    name: 'Staples',
    children: [
      { name: 'Atta & Flours', brands: ['Kaveri Mills', 'Annapurna Farms', 'Shakti Foods'], items: [['Whole Wheat Atta', 'grams', 32], ['Multigrain Atta', 'grams', 48], ['Besan', 'grams', 58], ['Maida', 'grams', 30], ['Bombay Rava', 'grams', 34], ['Ragi Flour', 'grams', 62]] },
      {
        name: 'Rice & Rice Products',
        children: [
          { name: 'Basmati Rice', brands: ['Ganga Gold', 'Himalayan Valley'], items: [['Classic Basmati Rice', 'grams', 95], ['Long Grain Basmati Rice', 'grams', 120], ['Brown Basmati Rice', 'grams', 110], ['Dubar Basmati Rice', 'grams', 78]] },
          { name: 'Everyday Rice', brands: ['Kaveri Mills', 'Ganga Gold', 'Desi Harvest'], items: [['Sona Masoori Rice', 'grams', 42], ['Kolam Rice', 'grams', 45], ['Ponni Boiled Rice', 'grams', 40], ['Idli Rice', 'grams', 36]] },
          { name: 'Poha & Rice Flakes', brands: ['Desi Harvest', 'Shakti Foods'], items: [['Thick Poha', 'grams', 38], ['Thin Poha', 'grams', 38], ['Red Rice Poha', 'grams', 55]] },
        ],
      },
      { name: 'Dals & Pulses', brands: ['Desi Harvest', 'Vrindavan Organics', 'Annapurna Farms'], items: [['Toor Dal', 'grams', 89], ['Moong Dal', 'grams', 79], ['Chana Dal', 'grams', 55], ['Urad Dal', 'grams', 82], ['Masoor Dal', 'grams', 62], ['Rajma Chitra', 'grams', 85], ['Kabuli Chana', 'grams', 78]] },
      { name: 'Edible Oils & Ghee', brands: ['Rasoi Ratna', 'Nandini Naturals', 'Sahyadri Fresh'], items: [['Sunflower Oil', 'litre', 155], ['Cold Pressed Groundnut Oil', 'litre', 245], ['Kachi Ghani Mustard Oil', 'litre', 175], ['Cow Ghee', 'ml', 145], ['Virgin Coconut Oil', 'ml', 120]] },
      { name: 'Masalas & Spices', brands: ['Malabar Spice Co.', 'Udupi Kitchen', 'Rasoi Ratna'], items: [['Turmeric Powder', 'smallGrams', 32], ['Kashmiri Chilli Powder', 'smallGrams', 58], ['Coriander Powder', 'smallGrams', 28], ['Garam Masala', 'smallGrams', 65], ['Sambar Powder', 'smallGrams', 48], ['Jeera Whole', 'smallGrams', 52], ['Black Pepper Whole', 'smallGrams', 95]] },
      { name: 'Salt, Sugar & Jaggery', brands: ['Shakti Foods', 'Vrindavan Organics'], items: [['Iodised Salt', 'grams', 14], ['Rock Salt', 'grams', 38], ['Refined Sugar', 'grams', 26], ['Organic Jaggery Powder', 'grams', 68]] },
    ],
  },
  {
    name: 'Dairy & Bakery',
    children: [
      { name: 'Milk, Curd & Paneer', brands: ['Gokul Dairy', 'Nandini Naturals', 'Sahyadri Fresh'], items: [['Toned Milk', 'ml', 14], ['Full Cream Milk', 'ml', 18], ['Fresh Curd', 'ml', 22], ['Malai Paneer', 'smallGrams', 45], ['Buttermilk', 'ml', 10]] },
      { name: 'Butter & Cheese', brands: ['Gokul Dairy', 'Nandini Naturals'], items: [['Salted Butter', 'smallGrams', 58], ['Cheese Slices', 'smallGrams', 75], ['Mozzarella Cheese', 'smallGrams', 95], ['Fresh Cream', 'ml', 38]] },
      { name: 'Bread & Buns', brands: ['Bake House', 'Cookie Katha'], items: [['Sandwich White Bread', 'single', 40], ['Whole Wheat Bread', 'single', 50], ['Pav Buns', 'single', 30], ['Multigrain Bread', 'single', 60]] },
      { name: 'Eggs', brands: ['Sahyadri Fresh', 'Annapurna Farms'], items: [['Farm Fresh Eggs', 'dozen', 48], ['Brown Eggs', 'dozen', 66]] },
    ],
  },
  {
    name: 'Fruits & Vegetables',
    children: [
      { name: 'Fresh Fruits', brands: ['Sahyadri Fresh', 'Himalayan Valley'], items: [['Banana Robusta', 'dozen', 30], ['Shimla Apple', 'kgLoose', 55], ['Alphonso Mango', 'dozen', 420], ['Nagpur Orange', 'kgLoose', 30], ['Pomegranate', 'kgLoose', 60], ['Papaya', 'single', 45]] },
      { name: 'Fresh Vegetables', brands: ['Sahyadri Fresh', 'Desi Harvest'], items: [['Onion', 'kgLoose', 12], ['Tomato Hybrid', 'kgLoose', 10], ['Potato', 'kgLoose', 9], ['Green Capsicum', 'kgLoose', 22], ['Lady Finger', 'kgLoose', 18], ['Cauliflower', 'single', 35], ['Carrot Ooty', 'kgLoose', 16]] },
      { name: 'Herbs & Seasonings', brands: ['Sahyadri Fresh'], items: [['Coriander Leaves', 'bunch', 15], ['Mint Leaves', 'bunch', 15], ['Curry Leaves', 'bunch', 10], ['Green Chilli', 'kgLoose', 8], ['Ginger', 'kgLoose', 20], ['Lemon', 'dozen', 30]] },
    ],
  },
  {
    name: 'Snacks & Branded Foods',
    children: [
      { name: 'Biscuits & Cookies', brands: ['Cookie Katha', 'Munch Masti', 'Bake House'], items: [['Butter Cookies', 'smallGrams', 35], ['Marie Biscuits', 'smallGrams', 20], ['Chocolate Chip Cookies', 'smallGrams', 45], ['Jeera Khari', 'smallGrams', 30], ['Coconut Biscuits', 'smallGrams', 25]] },
      { name: 'Namkeen & Chips', brands: ['Munch Masti', 'Udupi Kitchen', 'Swaad'], items: [['Aloo Bhujia', 'smallGrams', 38], ['Masala Peanuts', 'smallGrams', 30], ['Banana Chips', 'smallGrams', 42], ['Moong Dal Namkeen', 'smallGrams', 35], ['Classic Salted Chips', 'smallGrams', 20]] },
      { name: 'Breakfast Cereals', brands: ['Swaad', 'Vrindavan Organics'], items: [['Corn Flakes', 'grams', 110], ['Rolled Oats', 'grams', 95], ['Fruit & Nut Muesli', 'grams', 210]] },
      { name: 'Noodles & Pasta', brands: ['Swaad', 'Munch Masti'], items: [['Masala Instant Noodles', 'pieces', 14], ['Atta Noodles', 'pieces', 18], ['Penne Pasta', 'grams', 65], ['Hakka Noodles', 'grams', 55]] },
      { name: 'Chocolates & Sweets', brands: ['Cookie Katha', 'Swaad'], items: [['Milk Chocolate Bar', 'pieces', 40], ['Dark Chocolate 70%', 'pieces', 95], ['Gulab Jamun Tin', 'single', 160], ['Kaju Katli', 'smallGrams', 120]] },
      { name: 'Pickles & Chutneys', brands: ['Udupi Kitchen', 'Rasoi Ratna'], items: [['Mango Pickle', 'smallGrams', 45], ['Lime Pickle', 'smallGrams', 42], ['Mixed Vegetable Pickle', 'smallGrams', 48], ['Tamarind Chutney', 'smallGrams', 40]] },
    ],
  },
  {
    name: 'Beverages',
    children: [
      { name: 'Tea', brands: ['Tarang Tea Estates', 'Chai Bahar'], items: [['Assam CTC Tea', 'grams', 140], ['Darjeeling Leaf Tea', 'smallGrams', 120], ['Masala Chai', 'smallGrams', 75], ['Green Tea Bags', 'pieces', 95]] },
      { name: 'Coffee', brands: ['Malabar Spice Co.', 'Chai Bahar'], items: [['Filter Coffee Powder', 'smallGrams', 85], ['Instant Coffee', 'smallGrams', 140], ['Coorg Arabica Beans', 'smallGrams', 190]] },
      { name: 'Juices', brands: ['Pure Drop', 'Himalayan Valley'], items: [['Mixed Fruit Juice', 'litre', 110], ['Mango Drink', 'litre', 85], ['Coconut Water', 'ml', 40], ['Amla Juice', 'ml', 65]] },
      { name: 'Soft Drinks', brands: ['Pure Drop', 'Tarang Fizz'], items: [['Jeera Soda', 'ml', 20], ['Lemon Soda', 'ml', 20], ['Cola', 'litre', 45], ['Packaged Drinking Water', 'litre', 20]] },
      { name: 'Health Drinks', brands: ['Vrindavan Organics', 'Swaad'], items: [['Malt Health Drink', 'grams', 210], ['Badam Drink Mix', 'smallGrams', 95]] },
    ],
  },
  {
    name: 'Household',
    children: [
      { name: 'Detergents & Laundry', brands: ['Sparkle Home', 'Neem Leaf'], items: [['Detergent Powder', 'grams', 65], ['Liquid Detergent', 'litre', 190], ['Detergent Bar', 'pieces', 12], ['Fabric Conditioner', 'ml', 45]] },
      { name: 'Dishwash', brands: ['Sparkle Home', 'Neem Leaf'], items: [['Dishwash Bar', 'pieces', 10], ['Dishwash Gel', 'ml', 40], ['Scrub Pads', 'pieces', 15]] },
      { name: 'Floor & Surface Cleaners', brands: ['Sparkle Home', 'Neem Leaf'], items: [['Floor Cleaner Lavender', 'litre', 180], ['Toilet Cleaner', 'ml', 42], ['Glass Cleaner', 'ml', 45]] },
      { name: 'Kitchen Essentials', brands: ['Sparkle Home'], items: [['Aluminium Foil 9 m', 'single', 95], ['Garbage Bags Medium', 'pieces', 90], ['Cling Wrap 30 m', 'single', 145], ['Kitchen Towels', 'pieces', 65]] },
    ],
  },
  {
    name: 'Personal Care',
    children: [
      { name: 'Bath & Soap', brands: ['Suvasa Care', 'Neem Leaf'], items: [['Sandal Soap', 'pieces', 38], ['Neem Tulsi Soap', 'pieces', 32], ['Body Wash', 'ml', 45], ['Handwash Refill', 'ml', 30]] },
      { name: 'Hair Care', brands: ['Suvasa Care', 'Nandini Naturals'], items: [['Coconut Hair Oil', 'ml', 35], ['Herbal Shampoo', 'ml', 42], ['Amla Hair Oil', 'ml', 38], ['Conditioner', 'ml', 55]] },
      { name: 'Oral Care', brands: ['Suvasa Care', 'Neem Leaf'], items: [['Herbal Toothpaste', 'smallGrams', 45], ['Soft Toothbrush', 'pieces', 30], ['Mouthwash', 'ml', 48]] },
      { name: 'Skin Care', brands: ['Suvasa Care', 'Vrindavan Organics'], items: [['Aloe Vera Gel', 'smallGrams', 85], ['Sunscreen SPF 50', 'smallGrams', 160], ['Moisturising Lotion', 'ml', 65]] },
    ],
  },
];

export const SUPPLIERS = [
  ['Deccan Agro Traders', 'Farm-direct grains and pulses'],
  ['Konkan Coast Distributors', 'Spices and dry fruits'],
  ['Nilgiri Dairy Co-op', 'Milk and milk products'],
  ['Shree Balaji Wholesale', 'Branded foods and household'],
] as const;

/** Words that make the large scale-test catalogue (`npm run seed -- --products N`) read like a real one. */
export const SCALE_VARIANTS = ['Classic', 'Premium', 'Organic', 'Value', 'Select', 'Everyday', 'Gold', 'Farm', 'Royal', 'Home'];
