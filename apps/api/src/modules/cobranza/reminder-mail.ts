import { formatUsd, type ReminderType } from '@camposanto/domain';
import { escapeHtml } from '../../lib/mailer';

// Issue 14 Reminders: the e-mails a client receives about their instalments, in Spanish, signed with the company's
// letterhead (the `empresa` row); every value escaped in the HTML part (docs/decisions/022).

export type CompanyLetterhead = {
  nombre: string;
  rif: string;
  direccion: string;
  telefonos: string;
  email: string;
};

export type ReminderInstalment = { numero: number; monto: string | number; fecha_vencimiento: string };

export type ReminderMailInput = {
  tipo: ReminderType;
  empresa: CompanyLetterhead;
  cliente: string;
  numeroContrato: string;
  /** The instalments the mail is about: those due soon ('previo'), newly overdue ('vencida') or all overdue. */
  cuotas: ReminderInstalment[];
};

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const day = (date: string) => date.slice(0, 10).split('-').reverse().join('/');

const companyName = (empresa: CompanyLetterhead) => empresa.nombre.trim() || 'Camposanto';

function letterheadLines(empresa: CompanyLetterhead): string[] {
  return [
    companyName(empresa),
    empresa.rif && `RIF ${empresa.rif}`,
    empresa.direccion,
    empresa.telefonos && `Teléfonos: ${empresa.telefonos}`,
    empresa.email && `Correo: ${empresa.email}`,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

function subjectOf({ tipo, empresa, numeroContrato, cuotas }: ReminderMailInput): string {
  const name = companyName(empresa);
  if (tipo === 'previo') {
    const [first] = cuotas;
    return cuotas.length === 1 && first
      ? `${name}: su cuota ${first.numero} del contrato ${numeroContrato} vence el ${day(first.fecha_vencimiento)}`
      : `${name}: cuotas próximas a vencer del contrato ${numeroContrato}`;
  }
  if (tipo === 'vencida') return `${name}: cuota vencida del contrato ${numeroContrato}`;
  return `${name}: estado de cuenta del contrato ${numeroContrato}`;
}

function introOf({ tipo, numeroContrato, cuotas }: ReminderMailInput): string {
  if (tipo === 'previo') {
    return cuotas.length === 1
      ? `Le recordamos que la siguiente cuota de su contrato ${numeroContrato} está próxima a vencer:`
      : `Le recordamos que las siguientes cuotas de su contrato ${numeroContrato} están próximas a vencer:`;
  }
  if (tipo === 'vencida') {
    return cuotas.length === 1
      ? `Le informamos que la siguiente cuota de su contrato ${numeroContrato} se encuentra vencida:`
      : `Le informamos que las siguientes cuotas de su contrato ${numeroContrato} se encuentran vencidas:`;
  }
  return cuotas.length
    ? `Le enviamos el estado de cuenta de su contrato ${numeroContrato}. Tiene cuotas vencidas pendientes de pago:`
    : `Le enviamos el estado de cuenta de su contrato ${numeroContrato}.`;
}

const CLOSING =
  'Adjuntamos su estado de cuenta en PDF. Si ya realizó el pago, por favor ignore este mensaje y envíe el comprobante a su asesor de ventas.';

/** The subject, HTML and plain text of a reminder. */
export function reminderEmail(input: ReminderMailInput) {
  const { empresa, cliente, cuotas } = input;
  const subject = subjectOf(input);
  const intro = introOf(input);
  const total = cuotas.reduce((sum, cuota) => sum + Math.round(Number(cuota.monto) * 100), 0) / 100;
  const lines = cuotas.map(
    (cuota) =>
      `Cuota ${cuota.numero}: ${formatUsd(Number(cuota.monto))}, vence el ${day(cuota.fecha_vencimiento)}`,
  );
  const letterhead = letterheadLines(empresa);
  const cell = 'border:1px solid #ccc;padding:4px 8px';
  const html = [
    `<p style="color:#0A4575;font-weight:bold">${letterhead.map(escapeHtml).join('<br>')}</p>`,
    `<p>Estimado(a) ${escapeHtml(cliente)}:</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    cuotas.length
      ? `<table style="border-collapse:collapse;margin:8px 0"><tr><th style="${cell}">Cuota</th><th style="${cell}">Monto</th><th style="${cell}">Vencimiento</th></tr>${cuotas
          .map(
            (cuota) =>
              `<tr><td style="${cell}">${escapeHtml(cuota.numero)}</td><td style="${cell}">${escapeHtml(
                formatUsd(Number(cuota.monto)),
              )}</td><td style="${cell}">${escapeHtml(day(cuota.fecha_vencimiento))}</td></tr>`,
          )
          .join('')}</table><p>Total: ${escapeHtml(formatUsd(total))}</p>`
      : '',
    `<p>${escapeHtml(CLOSING)}</p>`,
    `<p>Atentamente,<br>${escapeHtml(companyName(empresa))}</p>`,
  ].join('\n');
  const text = [
    letterhead.join('\n'),
    '',
    `Estimado(a) ${cliente}:`,
    '',
    intro,
    ...lines,
    ...(cuotas.length ? [`Total: ${formatUsd(total)}`] : []),
    '',
    CLOSING,
    '',
    'Atentamente,',
    companyName(empresa),
  ].join('\n');
  return { subject, html, text };
}
