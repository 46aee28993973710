// SPEC §6 Roles. DESIGN §4.3: the user form's value `admin` is an alias of `administrador`.
export const ROLES = ['administrador', 'asistente', 'supervisor', 'vendedor', 'cliente'] as const;
export type Rol = (typeof ROLES)[number];

export const ROL_LABELS: Record<Rol, string> = {
  administrador: 'Administrador',
  asistente: 'Asistente',
  supervisor: 'Supervisor',
  vendedor: 'Vendedor/a',
  cliente: 'Cliente',
};

/** Roles that own a seller profile (a vendedores row sharing the user's id). */
export const SELLER_ROLES: readonly Rol[] = ['vendedor', 'supervisor'];
export const ADMIN_ROLES: readonly Rol[] = ['administrador', 'asistente'];
export const SALES_ROLES: readonly Rol[] = ['administrador', 'supervisor', 'vendedor'];
/** SPEC §6: only administrador and supervisor see 'Lista de Vendedores'. */
export const SELLER_LIST_ROLES: readonly Rol[] = ['administrador', 'supervisor'];

export function normalizeRol(value: string): Rol | undefined {
  const rol = value.trim().toLowerCase();
  if (rol === 'admin') return 'administrador';
  return (ROLES as readonly string[]).includes(rol) ? (rol as Rol) : undefined;
}

export function isSellerRole(rol: Rol): boolean {
  return SELLER_ROLES.includes(rol);
}

/** SPEC §2 Login: where each role lands after signing in. */
export function landingPath(rol: string): string {
  if (rol === 'administrador' || rol === 'asistente') return '/administracion';
  if (rol === 'supervisor' || rol === 'vendedor') return '/ventas';
  return '/clientes';
}
