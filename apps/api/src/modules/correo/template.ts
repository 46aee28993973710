import { formatBolivares, formatRate, formatUsd, serviceLabel } from '@camposanto/domain';
import { escapeHtml } from '../../lib/mailer';
import type { requestDetails } from '../pagos/queries';

type Details = Awaited<ReturnType<typeof requestDetails>>;

const row = (cells: unknown[], tag = 'td') =>
  `<tr>${cells.map((cell) => `<${tag} style="border:1px solid #ccc;padding:4px 8px">${escapeHtml(cell)}</${tag}>`).join('')}</tr>`;
const table = (head: string[], rows: unknown[][]) =>
  `<table style="border-collapse:collapse;margin:8px 0">${row(head, 'th')}${rows.map((cells) => row(cells)).join('')}</table>`;

/** DESIGN §4.8: the request as administration reads it: client, lines, payments and deceased; every value escaped. */
export function requestEmail(details: Details, sellerName: string) {
  const { solicitud: request, cliente: client } = details;
  // Issue 15: the service by its name ('Cremación'), not its code.
  const service = serviceLabel(request.tipo_servicio);
  const subject = `Solicitud ${request.numero_solicitud} — ${service} — ${client.nombre}`;
  const html = [
    `<h2 style="color:#0A4575">Solicitud ${escapeHtml(request.numero_solicitud)}</h2>`,
    `<p>Vendedor: ${escapeHtml(sellerName)}<br>Tipo de servicio: ${escapeHtml(service)}<br>Modalidad: ${escapeHtml(
      request.modalidadPago,
    )}<br>Estado del pago: ${escapeHtml(request.estadoPago)}<br>Monto total: ${escapeHtml(formatUsd(request.monto_total))}</p>`,
    '<h3>Cliente</h3>',
    table(
      ['Nombre', 'Cédula', 'Teléfono', 'Celular', 'Correo', 'Dirección'],
      [[client.nombre, client.cedula, client.telefono, client.celular, client.email, client.direccion]],
    ),
    '<h3>Detalles</h3>',
    table(
      [
        'Código',
        'Descripción',
        'Método',
        'Pago inicial',
        'Cuotas',
        'Monto por cuota',
        'Descuento',
        'Precio total',
      ],
      request.detalles.map((line) => [
        line.codigo,
        line.descripcion,
        line.metodoPago,
        formatUsd(line.pagoInicial),
        line.cuotas,
        formatUsd(line.montoPorCuota),
        formatUsd(line.descuento),
        formatUsd(line.precioTotal),
      ]),
    ),
    '<h3>Pagos reportados</h3>',
    details.reporte_pagos.length
      ? table(
          [
            'Fecha',
            'Método',
            'Divisas',
            'Bolívares',
            'Tasa BCV',
            'Banco emisor',
            'Banco receptor',
            'Referencia',
          ],
          details.reporte_pagos.map((payment) => [
            payment.fecha_pago.slice(0, 10),
            payment.metodo_pago,
            formatUsd(payment.divisas),
            formatBolivares(payment.bolivares),
            payment.dollar_price === null ? '—' : formatRate(payment.dollar_price),
            payment.banco_emisor ?? '—',
            // Issue 10: the company's account the payment went to, as recorded with it.
            payment.banco_receptor ?? '—',
            payment.referencia ?? '—',
          ]),
        )
      : '<p>Sin pagos reportados.</p>',
    ...(details.difunto.length
      ? [
          '<h3>Difuntos</h3>',
          table(
            ['Nombre', 'Cédula', 'Parentesco', 'Fecha de defunción', 'Causa', 'Dirección'],
            details.difunto.map((d) => [
              d.nombre_difunto,
              d.cedula_difunto,
              d.parentesco_difunto,
              d.fecha_defuncion,
              d.causa_defuncion,
              d.direccion_defuncion,
            ]),
          ),
        ]
      : []),
  ].join('\n');
  const text = `Solicitud ${request.numero_solicitud} (${service}) de ${client.nombre}, cédula ${client.cedula}. Monto total ${formatUsd(request.monto_total)}. Estado del pago: ${request.estadoPago}.`;
  return { subject, html, text };
}
