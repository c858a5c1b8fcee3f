// Static reference data for the seed: brands, importers, the category tree, product lines, places, bank offers.

export const IMPORTERS = [
  {
    name: 'Bharat Health Imports Pvt Ltd',
    slug: 'bharat-health-imports',
    address: 'Plot 14, Okhla Phase II, New Delhi 110020',
    licence_no: 'FSSAI-10019011000123',
  },
  {
    name: 'Western Nutrition Distributors LLP',
    slug: 'western-nutrition-distributors',
    address: 'Unit 7, Andheri East, Mumbai 400069',
    licence_no: 'FSSAI-10019022000456',
  },
  {
    name: 'Southern Sports Supply Co',
    slug: 'southern-sports-supply',
    address: '21 Residency Road, Bengaluru 560025',
    licence_no: 'FSSAI-10019033000789',
  },
] as const;

// importer: index into IMPORTERS, or null for brands made in India.
export const BRANDS = [
  { name: 'Titan Forge', country: 'USA', importer: 0, top: true, launched: '2015-04-01', initials: 'TF' },
  { name: 'Prana Labs', country: 'India', importer: null, top: true, launched: '2018-08-15', initials: 'PL' },
  { name: 'Himalayan Whey', country: 'India', importer: null, top: true, launched: '2019-01-10', initials: 'HW' },
  { name: 'Apex Athletics', country: 'USA', importer: 1, top: true, launched: '2012-06-20', initials: 'AA' },
  { name: 'Nordic Strength', country: 'Sweden', importer: 1, top: true, launched: '2016-03-05', initials: 'NS' },
  { name: 'Vanguard Nutrition', country: 'UK', importer: 2, top: true, launched: '2014-11-11', initials: 'VN' },
  { name: 'Desi Gains', country: 'India', importer: null, top: false, launched: '2024-09-01', initials: 'DG' },
  { name: 'PureBlend', country: 'India', importer: null, top: false, launched: '2025-02-14', initials: 'PB' },
  { name: 'Zenith Sports', country: 'USA', importer: 0, top: false, launched: '2013-07-07', initials: 'ZS' },
  { name: 'Olympia Labs', country: 'Germany', importer: 2, top: true, launched: '2017-10-02', initials: 'OL' },
  { name: 'Atlas Fuel', country: 'USA', importer: 0, top: false, launched: '2025-06-30', initials: 'AF' },
  { name: 'Kinetic Bio', country: 'India', importer: null, top: false, launched: '2020-12-12', initials: 'KB' },
] as const;

export interface CategoryNode {
  name: string;
  slug: string;
  top?: boolean;
  children?: CategoryNode[];
}

export const CATEGORY_TREE: CategoryNode[] = [
  {
    name: 'Sports Nutrition',
    slug: 'sports-nutrition',
    top: true,
    children: [
      {
        name: 'Proteins',
        slug: 'proteins',
        top: true,
        children: [
          { name: 'Whey Protein', slug: 'whey-protein', top: true },
          { name: 'Whey Protein Isolate', slug: 'whey-protein-isolate' },
          { name: 'Plant Protein', slug: 'plant-protein' },
          { name: 'Casein Protein', slug: 'casein-protein' },
        ],
      },
      {
        name: 'Gainers',
        slug: 'gainers',
        children: [
          { name: 'Mass Gainer', slug: 'mass-gainer', top: true },
          { name: 'Weight Gainer', slug: 'weight-gainer' },
        ],
      },
      {
        name: 'Pre/Post Workout',
        slug: 'pre-post-workout',
        children: [
          { name: 'Pre-Workout', slug: 'pre-workout', top: true },
          { name: 'Creatine', slug: 'creatine', top: true },
          { name: 'BCAA', slug: 'bcaa' },
          { name: 'L-Glutamine', slug: 'l-glutamine' },
        ],
      },
    ],
  },
  {
    name: 'Health & Wellness',
    slug: 'health-wellness',
    top: true,
    children: [
      { name: 'Multivitamins', slug: 'multivitamins', top: true },
      { name: 'Fish Oil', slug: 'fish-oil' },
      { name: 'Ayurveda', slug: 'ayurveda' },
    ],
  },
  {
    name: 'Fat Loss',
    slug: 'fat-loss',
    children: [
      { name: 'Fat Burners', slug: 'fat-burners' },
      { name: 'L-Carnitine', slug: 'l-carnitine' },
    ],
  },
  {
    name: 'Healthy Food & Drinks',
    slug: 'healthy-food-drinks',
    children: [
      { name: 'Peanut Butter', slug: 'peanut-butter', top: true },
      { name: 'Protein Bars', slug: 'protein-bars' },
      { name: 'Oats', slug: 'oats' },
    ],
  },
  { name: 'Accessories', slug: 'accessories', children: [{ name: 'Shakers', slug: 'shakers' }] },
];

// How each leaf category's products are made: noun, swatch options, price per unit in rupees, food type.
export interface ProductLine {
  category: string;
  noun: string;
  lines: string[];
  weights: string[];
  flavours: string[];
  packs?: string[];
  /** MRP in rupees for each weight (same order as weights). */
  mrp: number[];
  food: 'veg' | 'non-veg';
  synonyms: string;
  highlights: string[];
}

export const PRODUCT_LINES: ProductLine[] = [
  {
    category: 'whey-protein',
    noun: 'Whey Protein',
    lines: ['Gold', 'Performance', 'Raw', 'Pro'],
    weights: ['1 kg', '2 kg', '4 kg'],
    flavours: ['Double Rich Chocolate', 'Vanilla Ice Cream', 'Cookies & Cream', 'Mango', 'Unflavoured'],
    mrp: [3299, 5999, 10999],
    // Milk proteins are vegetarian: sold with the green mark (FSSAI labelling and display regulations 2020).
    food: 'veg',
    synonyms: 'protein powder whey concentrate muscle',
    highlights: ['24 g protein per serving', '5.5 g BCAA per serving', 'Lab tested for authenticity'],
  },
  {
    category: 'whey-protein-isolate',
    noun: 'Whey Isolate',
    lines: ['Zero', 'Ultra', 'Clean'],
    weights: ['1 kg', '2 kg'],
    flavours: ['Rich Chocolate', 'Strawberry', 'Cafe Mocha'],
    mrp: [4499, 8499],
    // Milk proteins are vegetarian: sold with the green mark (FSSAI labelling and display regulations 2020).
    food: 'veg',
    synonyms: 'isolate protein powder low carb',
    highlights: ['27 g protein per serving', 'Less than 1 g sugar', 'Fast absorbing'],
  },
  {
    category: 'plant-protein',
    noun: 'Plant Protein',
    lines: ['Green', 'Vegan', 'Earth'],
    weights: ['500 g', '1 kg'],
    flavours: ['Chocolate', 'Vanilla', 'Unflavoured'],
    mrp: [1799, 2999],
    food: 'veg',
    synonyms: 'vegan pea protein soy protein powder',
    highlights: ['Pea and brown rice blend', '22 g protein per serving', 'No added sugar'],
  },
  {
    category: 'casein-protein',
    noun: 'Casein Protein',
    lines: ['Night', 'Slow'],
    weights: ['1 kg', '2 kg'],
    flavours: ['Chocolate', 'Vanilla'],
    mrp: [3599, 6499],
    // Milk proteins are vegetarian: sold with the green mark (FSSAI labelling and display regulations 2020).
    food: 'veg',
    synonyms: 'micellar casein night protein',
    highlights: ['Slow release for 7 hours', '24 g protein per serving'],
  },
  {
    category: 'mass-gainer',
    noun: 'Mass Gainer',
    lines: ['Serious', 'Super', 'Heavy'],
    weights: ['1 kg', '3 kg', '6 kg'],
    flavours: ['Chocolate', 'Banana', 'Vanilla'],
    mrp: [1599, 3499, 5999],
    food: 'veg',
    synonyms: 'gainer weight gain bulk calories',
    highlights: ['1250 calories per serving', '50 g protein per serving'],
  },
  {
    category: 'weight-gainer',
    noun: 'Weight Gainer',
    lines: ['Lean', 'Real'],
    weights: ['1 kg', '3 kg'],
    flavours: ['Chocolate', 'Kesar Pista'],
    mrp: [1399, 2999],
    food: 'veg',
    synonyms: 'gainer weight gain',
    highlights: ['Complex carbohydrates', 'Added vitamins and minerals'],
  },
  {
    category: 'pre-workout',
    noun: 'Pre-Workout',
    lines: ['Rage', 'Ignite', 'Surge'],
    weights: ['300 g', '600 g'],
    flavours: ['Fruit Punch', 'Blue Raspberry', 'Watermelon'],
    mrp: [1999, 3499],
    food: 'veg',
    synonyms: 'preworkout energy pump caffeine',
    highlights: ['200 mg caffeine', '3 g beta alanine', 'Pump and focus'],
  },
  {
    category: 'creatine',
    noun: 'Creatine Monohydrate',
    lines: ['Micronised', 'Pure'],
    weights: ['100 g', '250 g', '500 g'],
    flavours: ['Unflavoured', 'Lemon'],
    mrp: [699, 1299, 2199],
    food: 'veg',
    synonyms: 'creatine strength power monohydrate',
    highlights: ['3 g creatine per serving', 'Micronised for mixing'],
  },
  {
    category: 'bcaa',
    noun: 'BCAA',
    lines: ['Amino', 'Recovery'],
    weights: ['250 g', '450 g'],
    flavours: ['Green Apple', 'Orange', 'Watermelon'],
    mrp: [1499, 2499],
    food: 'veg',
    synonyms: 'amino acids recovery intra workout',
    highlights: ['2:1:1 ratio', 'Electrolytes added'],
  },
  {
    category: 'l-glutamine',
    noun: 'L-Glutamine',
    lines: ['Pure'],
    weights: ['250 g'],
    flavours: ['Unflavoured'],
    mrp: [1199],
    food: 'veg',
    synonyms: 'glutamine recovery amino',
    highlights: ['5 g per serving'],
  },
  {
    category: 'multivitamins',
    noun: 'Multivitamin',
    lines: ['Daily', 'Active', 'Women'],
    weights: ['60 tablets', '90 tablets'],
    flavours: [],
    packs: ['Pack of 1', 'Pack of 2'],
    mrp: [699, 999],
    food: 'veg',
    synonyms: 'vitamins minerals multi immunity',
    highlights: ['25 vitamins and minerals', 'One tablet a day'],
  },
  {
    category: 'fish-oil',
    noun: 'Fish Oil',
    lines: ['Omega 3', 'Triple Strength'],
    weights: ['60 capsules', '90 capsules'],
    flavours: [],
    packs: ['Pack of 1', 'Pack of 2'],
    mrp: [799, 1099],
    food: 'non-veg',
    synonyms: 'omega 3 epa dha heart',
    highlights: ['1000 mg fish oil', 'Enteric coated'],
  },
  {
    category: 'ayurveda',
    noun: 'Ashwagandha',
    lines: ['KSM-66', 'Pure'],
    weights: ['60 capsules'],
    flavours: [],
    packs: ['Pack of 1', 'Pack of 2', 'Pack of 3'],
    mrp: [599],
    food: 'veg',
    synonyms: 'ashwagandha ayurvedic stress',
    highlights: ['Root extract', 'Supports stress relief'],
  },
  {
    category: 'fat-burners',
    noun: 'Fat Burner',
    lines: ['Shred', 'Cut'],
    weights: ['60 capsules', '120 capsules'],
    flavours: [],
    mrp: [1299, 2199],
    food: 'veg',
    synonyms: 'fat loss thermogenic weight loss',
    highlights: ['Green tea extract', 'Thermogenic blend'],
  },
  {
    category: 'l-carnitine',
    noun: 'L-Carnitine',
    lines: ['Liquid', 'Pure'],
    weights: ['500 ml', '60 capsules'],
    flavours: ['Lime', 'Unflavoured'],
    mrp: [999, 899],
    food: 'veg',
    synonyms: 'carnitine fat metabolism',
    highlights: ['1500 mg per serving'],
  },
  {
    category: 'peanut-butter',
    noun: 'Peanut Butter',
    lines: ['Crunchy', 'Creamy', 'High Protein'],
    weights: ['340 g', '1 kg'],
    flavours: ['Classic', 'Chocolate', 'Honey'],
    mrp: [349, 799],
    food: 'veg',
    synonyms: 'peanut butter spread nut butter',
    highlights: ['30 g protein per 100 g', 'No palm oil'],
  },
  {
    category: 'protein-bars',
    noun: 'Protein Bar',
    lines: ['Crunch', 'Fit'],
    weights: ['60 g'],
    flavours: ['Choco Almond', 'Peanut Butter', 'Berry'],
    packs: ['Pack of 6', 'Pack of 12'],
    mrp: [199],
    food: 'veg',
    synonyms: 'protein bar snack',
    highlights: ['20 g protein per bar', 'Low sugar'],
  },
  {
    category: 'oats',
    noun: 'Rolled Oats',
    lines: ['Muesli', 'Instant'],
    weights: ['1 kg', '2 kg'],
    flavours: ['Plain', 'Dark Chocolate'],
    mrp: [299, 549],
    food: 'veg',
    synonyms: 'oats oatmeal breakfast',
    highlights: ['High fibre', 'Whole grain'],
  },
];

export const CITIES = [
  { name: 'New Delhi', state: 'Delhi', pin: 110001, lat: 28.6139, lng: 77.209 },
  { name: 'Mumbai', state: 'Maharashtra', pin: 400001, lat: 19.076, lng: 72.8777 },
  { name: 'Bengaluru', state: 'Karnataka', pin: 560001, lat: 12.9716, lng: 77.5946 },
  { name: 'Pune', state: 'Maharashtra', pin: 411001, lat: 18.5204, lng: 73.8567 },
  { name: 'Hyderabad', state: 'Telangana', pin: 500001, lat: 17.385, lng: 78.4867 },
  { name: 'Chennai', state: 'Tamil Nadu', pin: 600001, lat: 13.0827, lng: 80.2707 },
  { name: 'Kolkata', state: 'West Bengal', pin: 700001, lat: 22.5726, lng: 88.3639 },
  { name: 'Jaipur', state: 'Rajasthan', pin: 302001, lat: 26.9124, lng: 75.7873 },
  { name: 'Lucknow', state: 'Uttar Pradesh', pin: 226001, lat: 26.8467, lng: 80.9462 },
  { name: 'Chandigarh', state: 'Chandigarh', pin: 160017, lat: 30.7333, lng: 76.7794 },
] as const;

export const REVIEW_AUTHORS = [
  'Aarav S.',
  'Priya K.',
  'Rohan M.',
  'Sneha P.',
  'Vikram R.',
  'Ananya D.',
  'Karan J.',
  'Meera N.',
  'Arjun T.',
  'Isha G.',
];
export const REVIEW_TEXTS: { rating: number; title: string; body: string }[] = [
  { rating: 5, title: 'Genuine and mixes well', body: 'Authenticity code verified on the brand site. Mixes easily with no lumps.' },
  { rating: 5, title: 'Great taste', body: 'Flavour is spot on and not too sweet. Will buy again.' },
  { rating: 4, title: 'Good value', body: 'Good protein content for the price. Delivery was quick.' },
  { rating: 4, title: 'Works for me', body: 'Seeing steady progress after a month of use.' },
  { rating: 3, title: 'Average flavour', body: 'Does the job but the flavour could be better.' },
  { rating: 2, title: 'Packaging could be better', body: 'Seal was fine but the box was dented.' },
  { rating: 1, title: 'Not for me', body: 'Upset my stomach, switching to an isolate.' },
];

/** Titles and sentences by star, combined by the seed into reviews that read differently from one another. */
export const REVIEW_PHRASES: Record<1 | 2 | 3 | 4 | 5, { titles: string[]; lines: string[] }> = {
  5: {
    titles: [
      'Genuine and mixes well',
      'Great taste',
      'Best purchase this year',
      'Excellent quality',
      'Highly recommended',
      'Authentic product',
    ],
    lines: [
      'Authenticity code verified on the brand site.',
      'Mixes easily with no lumps, even in a shaker.',
      'Flavour is spot on and not too sweet.',
      'Seal was intact and the expiry date is a year away.',
      'Recovery after leg day is noticeably better.',
      'Will buy again, already on my second tub.',
      'Delivered in two days, well packed.',
    ],
  },
  4: {
    titles: ['Good value', 'Works for me', 'Solid product', 'Pretty good', 'Nice flavour'],
    lines: [
      'Good protein content for the price.',
      'Seeing steady progress after a month of use.',
      'Slightly sweet for my taste but easy to drink.',
      'Delivery was quick.',
      'The scoop is inside the tub, took a while to find.',
      'Digests well, no bloating.',
    ],
  },
  3: {
    titles: ['Average flavour', 'Okay for the price', 'Does the job', 'Mixed feelings'],
    lines: [
      'Does the job but the flavour could be better.',
      'Mixability is average, needs a blender.',
      'Results are fine, nothing special.',
      'Price went up since my last order.',
    ],
  },
  2: {
    titles: ['Packaging could be better', 'Not impressed', 'Too sweet'],
    lines: ['Seal was fine but the box was dented.', 'The taste is artificial.', 'Clumps in cold milk.', 'Delivery took a week.'],
  },
  1: {
    titles: ['Not for me', 'Disappointed', 'Would not buy again'],
    lines: ['Upset my stomach, switching to an isolate.', 'Did not suit me at all.', 'The flavour was nothing like described.'],
  },
};

/** The demo store's bank offers (amounts in paise); the seed gives each a window around today. */
export const BANK_OFFERS = [
  {
    bank: 'HDFC Bank',
    instrument: 'card',
    card_bins: ['485446', '522852'],
    kind: 'percent',
    value: 10,
    max_discount: 50_000,
    min_cart: 200_000,
    description: '10% instant discount with HDFC Bank cards, up to ₹500 on ₹2,000',
  },
  {
    bank: 'ICICI Bank',
    instrument: 'netbanking',
    card_bins: [],
    kind: 'flat',
    value: 15_000,
    max_discount: null,
    min_cart: 150_000,
    description: 'Flat ₹150 off with ICICI net banking on ₹1,500',
  },
  {
    bank: 'Any UPI',
    instrument: 'upi',
    card_bins: [],
    kind: 'flat',
    value: 5_000,
    max_discount: null,
    min_cart: 99_900,
    description: 'Flat ₹50 off with UPI on ₹999',
  },
] as const;

/**
 * The label of each product line (docs/product-declarations.md): serving, shelf life, ingredients, allergens and the
 * nutrition table per 100 g (or ml). `units` is how many tablets, capsules or bars make a serving when packs are
 * counted in units.
 */
export interface LineDeclaration {
  serving: string;
  serving_g: number;
  units?: number;
  shelf_life_months: number;
  ingredients: string;
  allergens: string | null;
  /** energy kcal, protein, carbohydrate, sugars, added sugars, fat, saturated fat, trans fat (g), cholesterol, sodium (mg). */
  per100: [number, number, number, number, number, number, number, number, number, number];
}

const MILK = 'Contains milk. Made in a facility that also processes soy, egg and nuts.';
export const LINE_DECLARATIONS: Record<string, LineDeclaration> = {
  'whey-protein': {
    serving: '1 scoop (33 g)',
    serving_g: 33,
    shelf_life_months: 18,
    ingredients:
      'Whey protein concentrate (milk), whey protein isolate (milk), cocoa powder or natural flavours, emulsifier (INS 322), thickener (INS 415), sweetener (INS 955), digestive enzyme blend.',
    allergens: MILK,
    per100: [390, 72.7, 9, 4.5, 0, 6, 3.5, 0.1, 150, 400],
  },
  'whey-protein-isolate': {
    serving: '1 scoop (30 g)',
    serving_g: 30,
    shelf_life_months: 18,
    ingredients: 'Whey protein isolate (milk), natural and nature-identical flavours, emulsifier (INS 322), sweetener (INS 955).',
    allergens: MILK,
    per100: [370, 90, 3, 0.8, 0, 1, 0.5, 0, 20, 300],
  },
  'plant-protein': {
    serving: '1 scoop (30 g)',
    serving_g: 30,
    shelf_life_months: 18,
    ingredients: 'Pea protein isolate, brown rice protein, cocoa powder or natural flavours, thickener (INS 415), sweetener (INS 960).',
    allergens: 'Made in a facility that also processes milk and soy.',
    per100: [380, 73.3, 10, 1, 0, 6, 1, 0, 0, 900],
  },
  'casein-protein': {
    serving: '1 scoop (33 g)',
    serving_g: 33,
    shelf_life_months: 18,
    ingredients: 'Micellar casein (milk), cocoa powder or natural flavours, thickener (INS 415), sweetener (INS 955).',
    allergens: MILK,
    per100: [360, 72.7, 8, 3, 0, 2, 1, 0, 50, 200],
  },
  'mass-gainer': {
    serving: '3 scoops (334 g)',
    serving_g: 334,
    shelf_life_months: 18,
    ingredients: 'Maltodextrin, whey protein concentrate (milk), milk solids, sugar, cocoa powder or flavours, vitamin and mineral premix.',
    allergens: MILK,
    per100: [374, 15, 74, 10, 8, 1.5, 0.5, 0, 10, 150],
  },
  'weight-gainer': {
    serving: '3 scoops (100 g)',
    serving_g: 100,
    shelf_life_months: 18,
    ingredients: 'Maltodextrin, oat flour, whey protein concentrate (milk), sugar, flavours, vitamin and mineral premix.',
    allergens: MILK,
    per100: [390, 20, 72, 12, 10, 2, 0.8, 0, 12, 180],
  },
  'pre-workout': {
    serving: '1 scoop (10 g)',
    serving_g: 10,
    shelf_life_months: 24,
    ingredients:
      'Beta alanine, L-citrulline, taurine, caffeine anhydrous (200 mg per serving), acidity regulator (INS 330), flavours, sweetener (INS 955).',
    allergens: null,
    per100: [40, 0, 8, 0, 0, 0, 0, 0, 0, 500],
  },
  creatine: {
    serving: '1 scoop (3 g)',
    serving_g: 3,
    shelf_life_months: 36,
    ingredients: 'Creatine monohydrate (micronised).',
    allergens: null,
    per100: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  },
  bcaa: {
    serving: '1 scoop (10 g)',
    serving_g: 10,
    shelf_life_months: 24,
    ingredients:
      'L-leucine, L-isoleucine, L-valine (2:1:1), electrolyte blend, acidity regulator (INS 330), flavours, sweetener (INS 955).',
    allergens: null,
    per100: [320, 80, 2, 0, 0, 0, 0, 0, 0, 600],
  },
  'l-glutamine': {
    serving: '1 scoop (5 g)',
    serving_g: 5,
    shelf_life_months: 36,
    ingredients: 'L-glutamine.',
    allergens: null,
    per100: [400, 100, 0, 0, 0, 0, 0, 0, 0, 0],
  },
  multivitamins: {
    serving: '1 tablet (1.5 g)',
    serving_g: 1.5,
    units: 1,
    shelf_life_months: 24,
    ingredients:
      'Calcium carbonate, magnesium oxide, microcrystalline cellulose, vitamin C, zinc, vitamin E, niacinamide, iron, vitamins B6, B2, B1, A, D3 and B12, folic acid, biotin.',
    allergens: null,
    per100: [0, 0, 0, 0, 0, 0, 0, 0, 0, 20],
  },
  'fish-oil': {
    serving: '1 softgel (1.4 g)',
    serving_g: 1.4,
    units: 1,
    shelf_life_months: 24,
    ingredients: 'Fish oil (EPA 18%, DHA 12%), gelatin softgel (bovine), glycerin, vitamin E.',
    allergens: 'Contains fish.',
    per100: [900, 0, 0, 0, 0, 100, 30, 0, 500, 0],
  },
  ayurveda: {
    serving: '1 capsule (0.6 g)',
    serving_g: 0.6,
    units: 1,
    shelf_life_months: 36,
    ingredients: 'Ashwagandha root extract (Withania somnifera, 5% withanolides), vegetarian capsule shell (HPMC).',
    allergens: null,
    per100: [300, 4, 70, 1, 0, 0.5, 0, 0, 0, 10],
  },
  'fat-burners': {
    serving: '2 capsules (1.4 g)',
    serving_g: 1.4,
    units: 2,
    shelf_life_months: 24,
    ingredients: 'Green tea extract, L-carnitine tartrate, caffeine anhydrous, black pepper extract, vegetarian capsule shell (HPMC).',
    allergens: null,
    per100: [50, 0, 10, 0, 0, 0, 0, 0, 0, 5],
  },
  'l-carnitine': {
    serving: '15 ml, or 1 capsule',
    serving_g: 15,
    units: 1,
    shelf_life_months: 24,
    ingredients:
      'L-carnitine L-tartrate, water or vegetarian capsule shell (HPMC), acidity regulator (INS 330), flavours, preservative (INS 211).',
    allergens: null,
    per100: [20, 0, 5, 0, 0, 0, 0, 0, 0, 15],
  },
  'peanut-butter': {
    serving: '2 tablespoons (32 g)',
    serving_g: 32,
    shelf_life_months: 12,
    ingredients: 'Roasted peanuts, cocoa or honey (in flavoured variants), rock salt.',
    allergens: 'Contains peanuts.',
    per100: [600, 30, 18, 6, 2, 45, 9, 0, 0, 300],
  },
  'protein-bars': {
    serving: '1 bar (60 g)',
    serving_g: 60,
    shelf_life_months: 9,
    ingredients:
      'Protein blend (milk protein isolate, whey protein concentrate (milk), soy protein isolate), almonds, dates, dark chocolate, oats, honey.',
    allergens: 'Contains milk, soy and tree nuts.',
    per100: [350, 33.3, 40, 5, 2, 10, 5, 0, 10, 400],
  },
  oats: {
    serving: '1 cup (40 g)',
    serving_g: 40,
    shelf_life_months: 12,
    ingredients: 'Whole grain rolled oats (dark chocolate variant: with cocoa solids and sugar).',
    allergens: 'Contains gluten.',
    per100: [380, 13, 66, 1, 0, 7, 1.2, 0, 0, 5],
  },
};

/** Who makes each brand's products and where (the label's manufacturer), and its customer care in India. */
export const BRAND_MAKERS: Record<string, { maker: string; address: string; packer?: { name: string; address: string } }> = {
  'Titan Forge': { maker: 'Titan Forge Nutrition Inc.', address: '1200 Industrial Parkway, Austin, TX 78744, USA' },
  'Prana Labs': { maker: 'Prana Labs Pvt Ltd', address: 'Plot 22, Sector 5, IMT Manesar, Gurugram, Haryana 122050' },
  'Himalayan Whey': { maker: 'Himalayan Whey Foods Pvt Ltd', address: 'Khasra 118, Baddi Industrial Area, Solan, Himachal Pradesh 173205' },
  'Apex Athletics': { maker: 'Apex Athletics LLC', address: '455 Harbor Drive, San Diego, CA 92101, USA' },
  'Nordic Strength': { maker: 'Nordic Strength AB', address: 'Industrigatan 14, 212 14 Malmö, Sweden' },
  'Vanguard Nutrition': { maker: 'Vanguard Nutrition Ltd', address: 'Unit 3, Trafford Park, Manchester M17 1HH, United Kingdom' },
  'Desi Gains': {
    maker: 'Sattva Nutraceuticals Pvt Ltd',
    address: 'Plot 41, Phase 1, Industrial Area, Haridwar, Uttarakhand 249401',
    packer: { name: 'Desi Gains Foods LLP', address: '3rd Floor, Sector 63, Noida, Uttar Pradesh 201301' },
  },
  PureBlend: {
    maker: 'Sattva Nutraceuticals Pvt Ltd',
    address: 'Plot 41, Phase 1, Industrial Area, Haridwar, Uttarakhand 249401',
    packer: { name: 'PureBlend Wellness Pvt Ltd', address: '17 MIDC, Bhosari, Pune, Maharashtra 411026' },
  },
  'Zenith Sports': { maker: 'Zenith Sports Nutrition Corp.', address: '88 Commerce Street, Newark, NJ 07102, USA' },
  'Olympia Labs': { maker: 'Olympia Labs GmbH', address: 'Industriestraße 9, 50735 Köln, Germany' },
  'Atlas Fuel': { maker: 'Atlas Fuel Inc.', address: '2100 Lakeshore Blvd, Chicago, IL 60616, USA' },
  'Kinetic Bio': { maker: 'Kinetic Bio Sciences Pvt Ltd', address: 'Survey 204, Genome Valley, Hyderabad, Telangana 500078' },
};
