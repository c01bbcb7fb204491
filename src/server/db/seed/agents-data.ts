/**
 * The demo sales agent's customers (docs/sales-agents.md), and the names `npm run seed -- --orders N` draws its generated
 * customers and agents from. Phones: the demo customers 98765101xx, generated agents 987652xxxx, generated
 * customers 6xxxxxxxxx: none is a phone of DEMO_USERS (98765000xx) or of the tests (7xxx…, 90000…, 91234…).
 */

/** The demo agent (DEMO_USERS), who gets the demo customers and half the bulk orders. */
export const DEMO_AGENT_PHONE = '9876500002';

export interface DemoCustomer {
  name: string;
  phone: string;
  email: string;
  /** A delivered pincode of the seeded PINCODES; 570001 (Mysuru) is the wider area, paid online only. */
  pincode: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  type: 'home' | 'work' | 'other';
  /** Assigned to the agent this many days before seeding. */
  assignedDaysAgo: number;
  /** About one order in this many days since assignment. */
  everyDays: number;
  /** Share of their orders they place themselves (agent_id null); the agent places the rest. */
  selfShare: number;
}

const customer = (
  name: string, n: number, pincode: string, line1: string, line2: string | null, landmark: string | null,
  type: DemoCustomer['type'], assignedDaysAgo: number, everyDays: number, selfShare = 0.15,
): DemoCustomer => ({
  name, phone: `98765101${String(n).padStart(2, '0')}`, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
  pincode, line1, line2, landmark, type, assignedDaysAgo, everyDays, selfShare,
});

/** Twelve customers of Ravi Kumar on Annapurna Fresh, assigned over the last 90 days. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  customer('Priya Sharma', 1, '560038', '14, 12th Main Road', 'HAL 2nd Stage, Indiranagar', 'the BDA complex', 'home', 88, 7),
  customer('Suresh Reddy', 2, '560034', '221, 5th Cross, Koramangala 3rd Block', null, 'Jyoti Nivas College', 'home', 85, 9),
  customer('Lakshmi Narayanan', 3, '560076', '9, BG Road', 'Bilekahalli', 'Apollo Hospital', 'home', 80, 6, 0.3),
  customer('Mohammed Irfan', 4, '560001', 'Shop 3, Commercial Street', 'Tasker Town', null, 'work', 74, 5, 0.05),
  customer('Anjali Deshpande', 5, '560038', '57, 100 Feet Road', 'Indiranagar', 'Canara Bank', 'home', 66, 10),
  customer('Venkatesh Gowda', 6, '570001', '18, Sayyaji Rao Road', 'Devaraja Mohalla', 'Devaraja Market', 'home', 60, 14, 0),
  customer('Fatima Sheikh', 7, '560034', '4th Floor, 80 Feet Road', 'Koramangala 6th Block', null, 'work', 52, 8),
  customer('Rahul Nair', 8, '560076', '33, Arekere Main Road', 'Arekere', 'the lake', 'home', 41, 6, 0.4),
  customer('Kavita Joshi', 9, '560001', '7, Residency Road', 'Richmond Town', null, 'home', 30, 9),
  customer('Sandeep Hegde', 10, '560038', '88, CMH Road', 'Indiranagar', 'the metro station', 'home', 21, 5),
  customer('Deepa Menon', 11, '560034', '12, 1st Main, 7th Block', 'Koramangala', null, 'home', 12, 4),
  customer('Gurpreet Singh', 12, '560001', '2, Brigade Road', 'Ashok Nagar', 'St. Mark’s church', 'other', 4, 3, 0),
];

/** Generated agents of `--orders N`: the first four sell on Annapurna Fresh, the last on Kirana Bazaar. */
export const BULK_AGENTS = [
  { name: 'Naveen Shetty', bps: 150, website: 0 },
  { name: 'Pooja Kulkarni', bps: 250, website: 0 },
  { name: 'Imran Khan', bps: 200, website: 0 },
  { name: 'Shalini Rao', bps: 300, website: 0 },
  { name: 'Ganesh Patil', bps: 200, website: 1 },
] as const;

export const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Akash', 'Ananya', 'Arjun', 'Bhavna', 'Chetan', 'Divya', 'Farhan', 'Gayatri', 'Harish', 'Isha', 'Jaya', 'Karthik',
  'Leela', 'Manoj', 'Meenakshi', 'Nikhil', 'Nisha', 'Omkar', 'Pallavi', 'Prakash', 'Rekha', 'Rohan', 'Sahana', 'Sanjay', 'Shreya',
  'Srinivas', 'Tanvi', 'Uday', 'Vandana', 'Vikram', 'Yamini', 'Zoya', 'Ayesha', 'Balaji', 'Charu', 'Dinesh', 'Esha', 'Girish',
] as const;
export const LAST_NAMES = [
  'Acharya', 'Bhat', 'Chatterjee', 'Das', 'Gupta', 'Iyer', 'Jain', 'Kamath', 'Kapoor', 'Khan', 'Krishnan', 'Mehta', 'Mishra', 'Naidu',
  'Pai', 'Pillai', 'Prasad', 'Rao', 'Sawant', 'Shetty', 'Sinha', 'Subramanian', 'Thomas', 'Varma', 'Yadav', 'Zaidi',
] as const;
export const STREETS = [
  '1st Main Road', '2nd Cross Road', '4th Block', '8th Main', '11th Cross', 'Temple Street', 'Church Street', 'Station Road',
  'Market Road', 'Lake View Road', 'Park Avenue', 'Ring Road',
] as const;
/** Delivered pincodes of each website's city (Metro zone), for the generated customers' addresses. */
export const BULK_PINCODES = [['560001', '560034', '560038', '560076'], ['400001', '400028']] as const;
