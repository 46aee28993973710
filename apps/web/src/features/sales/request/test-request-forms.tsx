import type { Plan } from '@camposanto/domain';
import { Route, Routes } from 'react-router';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { ProductRequestPage } from '../product-request-page';

type Handlers = Parameters<typeof mockApi>[0];

/** A plan as GET /api/planes/solicitudes answers it, with the cuota_n prices of the seeded catalogue. */
export function planDto(id: number, descripcion: string, tipo_servicio: string, contado: number): Plan {
  const financed = contado * 1.2;
  const step = contado * 0.048;
  const price = (extra: number) => Math.round((financed + extra * step) * 100) / 100;
  return {
    id,
    tipo_servicio,
    descripcion,
    puestos: null,
    de_contado_bcv: contado,
    de_contado: contado,
    financiado: financed,
    cuota_1: price(0),
    cuota_2: price(1),
    cuota_3: price(2),
    cuota_4: price(3),
    cuota_5: price(4),
    cuota_6: price(5),
    is_active: true,
  };
}

/** The request form of `product` as /ventas/contrato/{producto} shows it to a user of `rol`. */
export function renderRequestForm(product: string, handlers: Handlers, rol = 'vendedor') {
  localStorage.setItem('access_token', fakeToken({ rol, sub: '7' }));
  const fetchMock = mockApi({ 'GET /api/mapas': { body: [] }, ...handlers });
  renderWithProviders(
    <Routes>
      <Route path="/ventas/contrato/:producto" element={<ProductRequestPage />} />
    </Routes>,
    { route: `/ventas/contrato/${product}` },
  );
  return { fetchMock, user: setupUser() };
}
