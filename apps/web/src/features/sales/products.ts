/** How a code field of a request form finds what it reserves (SPEC §2 Parcelas and Columbarium forms). */
export type InventoryKind = 'parcela' | 'nicho';

export interface Product {
  /** SPEC §2: the form's title. */
  title: string;
  /** SPEC §7: the tipo_servicio its plans are asked with, also sent on its requests. */
  service: string;
  /** SPEC §8 Plan load failures. */
  plansError: string;
  /** SPEC §2 Parcelas form: 'Crear Solicitud'; the others add a line to the budget. */
  addLabel: string;
  inventory?: InventoryKind;
}

/** SPEC §2 Sales area: the values of the route parameter producto, each with its request form. */
export const PRODUCTS: Readonly<Record<string, Product>> = {
  parcelas: {
    title: 'SOLICITUD DE CONTRATO DE PARCELAS',
    service: 'parcela',
    plansError: 'Error al cargar los planes de parcelas.',
    addLabel: 'Crear Solicitud',
    inventory: 'parcela',
  },
  cremacion: {
    title: 'SOLICITUD DE CONTRATO DE CREMACIÓN',
    service: 'cremacion',
    plansError: 'Error al cargar los planes de cremación.',
    addLabel: 'Agregar',
  },
  'honra-exequias': {
    title: 'SOLICITUD DE CONTRATO DE HONRA DE EXEQUIAS',
    service: 'honra-exequias',
    plansError: 'Error al cargar los planes de honra de exequias.',
    addLabel: 'Agregar',
  },
  'inhumacion-parcelas': {
    title: 'SOLICITUD DE CONTRATO DE INHUMACIÓN',
    service: 'inhumacion',
    plansError: 'Error al cargar los planes de Inhumación de Parcelas.',
    addLabel: 'Agregar',
  },
  'nichos-ataud': {
    title: 'SOLICITUD DE CONTRATO DE NICHOS DE ATAÚD',
    service: 'nicho-ataud',
    plansError: 'Error al cargar los planes de nichos de Ataúd.',
    addLabel: 'Agregar',
  },
  'nichos-columbarios': {
    title: 'SOLICITUD DE CONTRATO DE NICHOS DE COLUMBARIOS',
    service: 'nichos-columbarios',
    // The specification names no text for this form; it follows the others' pattern.
    plansError: 'Error al cargar los planes de nichos de columbarios.',
    addLabel: 'Agregar',
    inventory: 'nicho',
  },
  'plan-funerario': {
    title: 'SOLICITUD DE CONTRATO DE SERVICIOS FUNERARIOS',
    service: 'plan-funerario',
    plansError: 'Error al cargar los planes de servicios funerarios.',
    addLabel: 'Agregar',
  },
};

export function productOf(product: string): Product | undefined {
  return Object.hasOwn(PRODUCTS, product) ? PRODUCTS[product] : undefined;
}
