/** Demo customers and users; the README lists these logins. All share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Demo!2026'

export const demoCustomers = [
  { customerNo: 'PC-100001', type: 'PrivateCustomer' },
  { customerNo: 'PC-100002', type: 'PrivateCustomer' },
  {
    customerNo: 'BC-200001',
    type: 'SMBCustomer',
    companyName: 'Brightline Construction GmbH',
    taxationId: 'DE123456789',
    industry: 'Construction',
  },
] as const

export const demoUsers = [
  {
    customerNo: 'PC-100001',
    login: 'patricia@ironbridge.test',
    email: 'patricia@ironbridge.test',
    title: 'Ms.',
    firstName: 'Patricia',
    lastName: 'Miller',
    preferredLanguage: 'en_US',
    roles: [],
  },
  {
    customerNo: 'PC-100002',
    login: 'pierre@ironbridge.test',
    email: 'pierre@ironbridge.test',
    title: 'M.',
    firstName: 'Pierre',
    lastName: 'Durand',
    preferredLanguage: 'fr_FR',
    roles: [],
  },
  {
    customerNo: 'BC-200001',
    login: 'jlink',
    email: 'jlink@brightline.test',
    title: 'Mr.',
    firstName: 'Jack',
    lastName: 'Link',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER', 'APP_B2B_APPROVER', 'APP_B2B_COSTCENTER_OWNER'],
  },
  {
    customerNo: 'BC-200001',
    login: 'bbuyer',
    email: 'bbuyer@brightline.test',
    title: 'Mr.',
    firstName: 'Bernhard',
    lastName: 'Boldner',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_BUYER'],
  },
  {
    customerNo: 'BC-200001',
    login: 'aapprover',
    email: 'aapprover@brightline.test',
    title: 'Ms.',
    firstName: 'Anna',
    lastName: 'Approver',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_BUYER', 'APP_B2B_APPROVER'],
  },
  {
    customerNo: 'BC-200001',
    login: 'ccowner',
    email: 'ccowner@brightline.test',
    title: 'Mr.',
    firstName: 'Carl',
    lastName: 'Costcenter',
    preferredLanguage: 'en_US',
    roles: ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'],
  },
]
