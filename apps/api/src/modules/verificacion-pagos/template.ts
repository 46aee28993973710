import {
  formatBolivares,
  formatRate,
  formatUsd,
  VERIFICATION_MESSAGES,
  type VerificationItem,
} from '@camposanto/domain';
import { escapeHtml } from '../../lib/mailer';

/** Issue 14 §3: the seller is told which payment administración rejected and why; every value escaped. */
export function rejectionEmail(item: VerificationItem, sellerName: string) {
  const subject = VERIFICATION_MESSAGES.correoRechazoAsunto(item.concepto);
  const facts: [string, string | null][] = [
    ['Concepto', item.concepto],
    ['Cliente', item.cliente],
    ['Fecha del pago', item.fecha_pago.slice(0, 10)],
    ['Método', item.metodo_pago],
    ['Monto', formatUsd(item.monto_pagado)],
    ['Divisas', item.divisas ? formatUsd(item.divisas) : null],
    ['Bolívares', item.bolivares ? formatBolivares(item.bolivares) : null],
    ['Tasa', item.dollar_price && item.bolivares ? formatRate(item.dollar_price) : null],
    ['Banco emisor', item.banco_emisor],
    ['Referencia', item.referencia],
    ['Motivo del rechazo', item.motivo_rechazo],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '');
  const intro = `Hola ${sellerName}: administración rechazó el pago reportado (${item.concepto}). Ya no cuenta como pagado; revise el motivo y repórtelo de nuevo con el comprobante correcto.`;
  const html = [
    `<h2 style="color:#0A4575">${escapeHtml(subject)}</h2>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse;margin:8px 0">',
    ...shown.map(
      ([label, value]) =>
        `<tr><th style="border:1px solid #ccc;padding:4px 8px;text-align:left">${escapeHtml(label)}</th><td style="border:1px solid #ccc;padding:4px 8px">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
  const text = [intro, '', ...shown.map(([label, value]) => `${label}: ${value}`)].join('\n');
  return { subject, html, text };
}
