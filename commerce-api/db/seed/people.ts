/**
 * Demo customers and users, and the roles and permissions of business users. The README lists the logins;
 * all share DEMO_PASSWORD. Two business customers have a user in every role, so that a customer always has a
 * foreign one to be kept apart from.
 */
import type { PermissionId, RoleId } from '../../domain/permissions'
import type { LocalizedText } from '../schema'

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
    // Brightline's buyers may order without a cost center; Kestrel's must name one (spec isCostCenterOptional).
    costCenterOptional: true,
  },
  {
    customerNo: 'BC-200002',
    type: 'SMBCustomer',
    companyName: 'Kestrel Facility Services GmbH',
    taxationId: 'DE987654321',
    industry: 'Facility management',
    // Kestrel switched cookie consent off for its staff: their shop uses required cookies only (issue 35).
    cookieConsentDisabled: true,
  },
] as const

export type DemoUser = {
  customerNo: (typeof demoCustomers)[number]['customerNo']
  login: string
  email: string
  title: string
  firstName: string
  lastName: string
  preferredLanguage: string
  roles: RoleId[]
}

/** One user per role in each business customer, and the private customers. */
const roleUsers: DemoUser[] = [
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
  {
    customerNo: 'BC-200001',
    login: 'omanager',
    email: 'omanager@brightline.test',
    title: 'Ms.',
    firstName: 'Olivia',
    lastName: 'Ordermann',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_BUYER', 'APP_B2B_MANAGE_ORDERS'],
  },
  {
    customerNo: 'BC-200001',
    login: 'brightline-oci',
    email: 'oci@brightline.test',
    title: 'Mr.',
    firstName: 'Otto',
    lastName: 'Punchout',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_OCI_USER'],
  },
  {
    customerNo: 'BC-200001',
    login: 'brightline-cxml',
    email: 'cxml@brightline.test',
    title: 'Ms.',
    firstName: 'Clara',
    lastName: 'Punchout',
    preferredLanguage: 'en_US',
    roles: ['APP_B2B_CXML_USER'],
  },
  {
    customerNo: 'BC-200001',
    login: 'brightline-ids',
    email: 'ids@brightline.test',
    title: 'Mr.',
    firstName: 'Ingo',
    lastName: 'Punchout',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_IDS_USER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'mkestrel',
    email: 'mkestrel@kestrel.test',
    title: 'Ms.',
    firstName: 'Marta',
    lastName: 'Kestrel',
    preferredLanguage: 'en_US',
    roles: ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER', 'APP_B2B_APPROVER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'tkestrel',
    email: 'tkestrel@kestrel.test',
    title: 'Mr.',
    firstName: 'Tobias',
    lastName: 'Kaufmann',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_BUYER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'lkestrel',
    email: 'lkestrel@kestrel.test',
    title: 'Ms.',
    firstName: 'Lena',
    lastName: 'Freigabe',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_BUYER', 'APP_B2B_APPROVER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'rkestrel',
    email: 'rkestrel@kestrel.test',
    title: 'Mr.',
    firstName: 'Rafael',
    lastName: 'Kostner',
    preferredLanguage: 'fr_FR',
    roles: ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'skestrel',
    email: 'skestrel@kestrel.test',
    title: 'Ms.',
    firstName: 'Sofia',
    lastName: 'Bestell',
    preferredLanguage: 'pl_PL',
    roles: ['APP_B2B_BUYER', 'APP_B2B_MANAGE_ORDERS'],
  },
  {
    customerNo: 'BC-200002',
    login: 'kestrel-oci',
    email: 'oci@kestrel.test',
    title: 'Mr.',
    firstName: 'Oskar',
    lastName: 'Punchout',
    preferredLanguage: 'de_DE',
    roles: ['APP_B2B_OCI_USER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'kestrel-cxml',
    email: 'cxml@kestrel.test',
    title: 'Ms.',
    firstName: 'Carla',
    lastName: 'Punchout',
    preferredLanguage: 'en_US',
    roles: ['APP_B2B_CXML_USER'],
  },
  {
    customerNo: 'BC-200002',
    login: 'kestrel-ids',
    email: 'ids@kestrel.test',
    title: 'Mr.',
    firstName: 'Ivo',
    lastName: 'Punchout',
    preferredLanguage: 'ro_RO',
    roles: ['APP_B2B_IDS_USER'],
  },
]

/** Brightline's staff besides its one user per role (issue 17): a second admin, site managers, buyers. */
export const brightlineStaff: DemoUser[] = [
  staff('efischer', 'Ms.', 'Emma', 'Fischer', 'de_DE', ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER']),
  staff('hweber', 'Mr.', 'Hannes', 'Weber', 'de_DE', ['APP_B2B_BUYER', 'APP_B2B_COSTCENTER_OWNER']),
  staff('mfoster', 'Mr.', 'Mark', 'Foster', 'en_US', ['APP_B2B_BUYER']),
  staff('lnowak', 'Ms.', 'Lena', 'Nowak', 'pl_PL', ['APP_B2B_BUYER']),
  staff('adumitru', 'Mr.', 'Andrei', 'Dumitru', 'ro_RO', ['APP_B2B_BUYER']),
  staff('cmartin', 'Ms.', 'Claire', 'Martin', 'fr_FR', ['APP_B2B_BUYER', 'APP_B2B_APPROVER']),
  staff('tschulz', 'Mr.', 'Tim', 'Schulz', 'de_DE', ['APP_B2B_BUYER']),
  staff('nbauer', 'Ms.', 'Nina', 'Bauer', 'de_DE', ['APP_B2B_BUYER', 'APP_B2B_MANAGE_ORDERS']),
]

function staff(
  login: string,
  title: string,
  firstName: string,
  lastName: string,
  preferredLanguage: string,
  roles: DemoUser['roles'],
): DemoUser {
  return {
    customerNo: 'BC-200001',
    login,
    email: `${login}@brightline.test`,
    title,
    firstName,
    lastName,
    preferredLanguage,
    roles,
  }
}

export const demoUsers: DemoUser[] = [...roleUsers, ...brightlineStaff]

const text = (en_US: string, de_DE: string, fr_FR: string, pl_PL: string, ro_RO: string): LocalizedText => ({
  en_US,
  de_DE,
  fr_FR,
  pl_PL,
  ro_RO,
})

/** ICM's permission ids, with the names user management shows for them. */
export const permissionRows: { id: PermissionId; displayNames: LocalizedText }[] = [
  {
    id: 'APP_B2B_PURCHASE',
    displayNames: text(
      'Make purchases',
      'Einkäufe tätigen',
      'Effectuer des achats',
      'Dokonywanie zakupów',
      'Efectuarea achizițiilor',
    ),
  },
  {
    id: 'APP_B2B_MANAGE_OWN_QUOTES',
    displayNames: text(
      'Create quotes',
      'Preisangebote erstellen',
      'Créer des devis',
      'Tworzenie ofert cenowych',
      'Crearea ofertelor de preț',
    ),
  },
  {
    id: 'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKET',
    displayNames: text(
      'Assign a cost object to the basket',
      'Kostenobjekt zu Warenkorb zuordnen',
      'Affecter un objet de coût au panier',
      'Przypisywanie obiektu kosztów do koszyka',
      'Alocarea unui obiect de cost coșului',
    ),
  },
  {
    id: 'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKETLINEITEM',
    displayNames: text(
      'Assign a cost object to a basket line item',
      'Kostenobjekt zu Warenkorbposition zuordnen',
      'Affecter un objet de coût à une ligne du panier',
      'Przypisywanie obiektu kosztów do pozycji koszyka',
      'Alocarea unui obiect de cost unei poziții din coș',
    ),
  },
  {
    id: 'APP_B2B_VIEW_COSTOBJECT',
    displayNames: text(
      'View cost objects',
      'Kostenobjekte anzeigen',
      'Afficher les objets de coût',
      'Wyświetlanie obiektów kosztów',
      'Vizualizarea obiectelor de cost',
    ),
  },
  {
    id: 'APP_B2B_ORDER_APPROVAL',
    displayNames: text(
      'Approve pending orders',
      'Offene Bestellungen genehmigen',
      'Approuver les commandes en attente',
      'Zatwierdzanie oczekujących zamówień',
      'Aprobarea comenzilor în așteptare',
    ),
  },
  {
    id: 'APP_B2B_MANAGE_USERS',
    displayNames: text(
      'Manage users',
      'Benutzer verwalten',
      'Gérer les utilisateurs',
      'Zarządzanie użytkownikami',
      'Gestionarea utilizatorilor',
    ),
  },
  {
    id: 'APP_B2B_VIEW_COSTCENTER',
    displayNames: text(
      'View cost centers',
      'Kostenstellen anzeigen',
      'Afficher les centres de coûts',
      'Wyświetlanie centrów kosztów',
      'Vizualizarea centrelor de cost',
    ),
  },
  {
    id: 'APP_B2B_MANAGE_COSTCENTER',
    displayNames: text(
      'Manage cost centers',
      'Kostenstellen verwalten',
      'Gérer les centres de coûts',
      'Zarządzanie centrami kosztów',
      'Gestionarea centrelor de cost',
    ),
  },
  {
    id: 'EDE_APP_B2B_COSTCENTER_APPROVAL',
    displayNames: text(
      'Approve orders of own cost centers',
      'Bestellungen eigener Kostenstellen genehmigen',
      'Approuver les commandes de ses centres de coûts',
      'Zatwierdzanie zamówień własnych centrów kosztów',
      'Aprobarea comenzilor centrelor de cost proprii',
    ),
  },
  {
    id: 'APP_B2B_MANAGE_ORDERS',
    displayNames: text(
      'Manage the orders of all users',
      'Bestellungen aller Benutzer verwalten',
      'Gérer les commandes de tous les utilisateurs',
      'Zarządzanie zamówieniami wszystkich użytkowników',
      'Gestionarea comenzilor tuturor utilizatorilor',
    ),
  },
  {
    id: 'APP_B2B_MANAGE_PUNCHOUT',
    displayNames: text(
      'Manage punchout users',
      'Punchout-Benutzer verwalten',
      'Gérer les utilisateurs punchout',
      'Zarządzanie użytkownikami punchout',
      'Gestionarea utilizatorilor punchout',
    ),
  },
  {
    id: 'APP_B2B_SEND_OCI_BASKET',
    displayNames: text(
      'Transfer baskets via OCI',
      'Warenkörbe per OCI übertragen',
      'Transférer des paniers via OCI',
      'Przesyłanie koszyków przez OCI',
      'Transferul coșurilor prin OCI',
    ),
  },
  {
    id: 'APP_B2B_SEND_CXML_BASKET',
    displayNames: text(
      'Transfer baskets via cXML',
      'Warenkörbe per cXML übertragen',
      'Transférer des paniers via cXML',
      'Przesyłanie koszyków przez cXML',
      'Transferul coșurilor prin cXML',
    ),
  },
  {
    id: 'APP_B2B_SEND_IDS_BASKET',
    displayNames: text(
      'Transfer baskets via IDS',
      'Warenkörbe per IDS übertragen',
      'Transférer des paniers via IDS',
      'Przesyłanie koszyków przez IDS',
      'Transferul coșurilor prin IDS',
    ),
  },
  {
    id: 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER',
    displayNames: text(
      'Check out without placing an order',
      'Warenkorb ohne Bestellung abschließen',
      'Valider le panier sans passer commande',
      'Finalizacja koszyka bez składania zamówienia',
      'Finalizarea coșului fără plasarea comenzii',
    ),
  },
]

/** What a buyer may do (ICM's Buyer role); approvers and account admins can do all of it too (ICM 7.6+). */
const BUYING: PermissionId[] = [
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKET',
  'APP_B2B_ASSIGN_COSTOBJECT_TO_BASKETLINEITEM',
  'APP_B2B_MANAGE_OWN_QUOTES',
  'APP_B2B_PURCHASE',
  'APP_B2B_VIEW_COSTOBJECT',
]

/** Punchout users fill a basket and transfer it to their procurement system instead of ordering. */
const punchout = (send: PermissionId): PermissionId[] => [send, 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER']

export type RoleRow = {
  id: RoleId
  displayNames: LocalizedText
  fixed: boolean
  assignable: boolean
  position: number
  permissions: PermissionId[]
}

/** The business roles and the permissions each grants, as ICM's B2B storefront defines them. */
export const roleRows: RoleRow[] = [
  {
    id: 'APP_B2B_ACCOUNT_OWNER',
    displayNames: text(
      'Account Admin',
      'Kontoadministrator',
      'Administrateur du compte',
      'Administrator konta',
      'Administrator de cont',
    ),
    fixed: false,
    assignable: true,
    position: 1,
    permissions: [
      ...BUYING,
      'APP_B2B_ORDER_APPROVAL',
      'APP_B2B_MANAGE_USERS',
      'APP_B2B_VIEW_COSTCENTER',
      'APP_B2B_MANAGE_COSTCENTER',
      'APP_B2B_MANAGE_ORDERS',
      'APP_B2B_MANAGE_PUNCHOUT',
    ],
  },
  {
    id: 'APP_B2B_BUYER',
    displayNames: text('Buyer', 'Einkäufer', 'Acheteur', 'Kupujący', 'Cumpărător'),
    fixed: true,
    assignable: true,
    position: 2,
    permissions: BUYING,
  },
  {
    id: 'APP_B2B_APPROVER',
    displayNames: text('Approver', 'Genehmiger', 'Approbateur', 'Zatwierdzający', 'Aprobator'),
    fixed: false,
    assignable: true,
    position: 3,
    permissions: [...BUYING, 'APP_B2B_ORDER_APPROVAL'],
  },
  {
    id: 'APP_B2B_COSTCENTER_OWNER',
    displayNames: text(
      'Cost Center Manager',
      'Kostenstellenverantwortlicher',
      'Responsable de centre de coûts',
      'Kierownik centrum kosztów',
      'Responsabil centru de cost',
    ),
    fixed: false,
    assignable: true,
    position: 4,
    permissions: [
      'APP_B2B_PURCHASE',
      'APP_B2B_MANAGE_OWN_QUOTES',
      'APP_B2B_VIEW_COSTCENTER',
      'APP_B2B_MANAGE_COSTCENTER',
      'EDE_APP_B2B_COSTCENTER_APPROVAL',
    ],
  },
  {
    id: 'APP_B2B_MANAGE_ORDERS',
    displayNames: text(
      'Order Manager',
      'Bestellverwalter',
      'Gestionnaire des commandes',
      'Menedżer zamówień',
      'Manager de comenzi',
    ),
    fixed: false,
    assignable: true,
    position: 5,
    permissions: ['APP_B2B_MANAGE_ORDERS'],
  },
  {
    id: 'APP_B2B_OCI_USER',
    displayNames: text(
      'OCI Punchout User',
      'OCI-Punchout-Benutzer',
      'Utilisateur punchout OCI',
      'Użytkownik punchout OCI',
      'Utilizator punchout OCI',
    ),
    fixed: false,
    assignable: false,
    position: 6,
    permissions: punchout('APP_B2B_SEND_OCI_BASKET'),
  },
  {
    id: 'APP_B2B_CXML_USER',
    displayNames: text(
      'cXML Punchout User',
      'cXML-Punchout-Benutzer',
      'Utilisateur punchout cXML',
      'Użytkownik punchout cXML',
      'Utilizator punchout cXML',
    ),
    fixed: false,
    assignable: false,
    position: 7,
    permissions: punchout('APP_B2B_SEND_CXML_BASKET'),
  },
  {
    id: 'APP_B2B_IDS_USER',
    displayNames: text(
      'IDS Punchout User',
      'IDS-Punchout-Benutzer',
      'Utilisateur punchout IDS',
      'Użytkownik punchout IDS',
      'Utilizator punchout IDS',
    ),
    fixed: false,
    assignable: false,
    position: 8,
    permissions: punchout('APP_B2B_SEND_IDS_BASKET'),
  },
]
