import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TemaPage } from './tema-page';
import { TEMAS, type Tema } from './temas';

// The other sources of the help pages, as text: the content must live in temas.ts only.
const pageSources = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const textsOf = (tema: Tema) => [
  tema.proceso,
  tema.definicion,
  ...tema.caracteristicas,
  ...tema.insumos,
  ...tema.serviciosAdicionales,
  ...tema.etapas,
  ...tema.preguntas.flatMap(({ pregunta, respuesta }) => [pregunta, respuesta]),
];

const allText = TEMAS.flatMap(textsOf).join('\n');

describe('Ayuda topics (temas.ts)', () => {
  it('has the five topics in order with 18, 13, 8, 2 and 2 numbered stages (SPEC §2 Ayuda)', () => {
    expect(TEMAS.map((tema) => [tema.id, tema.etapas.length])).toEqual([
      ['cremacion', 18],
      ['exequias', 13],
      ['funerario', 8],
      ['parcelas', 2],
      ['columbarios', 2],
    ]);
  });

  it('gives every topic a process name, definition, characteristics, inputs, extra services and Q&A', () => {
    for (const tema of TEMAS) {
      expect(tema.proceso, tema.id).not.toBe('');
      expect(tema.definicion.length, tema.id).toBeGreaterThan(80);
      expect(tema.caracteristicas.length, tema.id).toBeGreaterThanOrEqual(3);
      expect(tema.insumos.length, tema.id).toBeGreaterThanOrEqual(3);
      expect(tema.serviciosAdicionales.length, tema.id).toBeGreaterThanOrEqual(3);
      expect(tema.preguntas.length, tema.id).toBeGreaterThanOrEqual(3);
      for (const { pregunta, respuesta } of tema.preguntas) {
        expect(pregunta).toMatch(/^¿.+\?$/);
        expect(respuesta).toMatch(/\.$/);
      }
      expect(new Set(tema.etapas).size, `${tema.id}: repeated stage`).toBe(tema.etapas.length);
    }
  });

  it.each([
    ['the maximum body weight', '140 kg'],
    ['the oven temperature', 'entre 400 °C y 800 °C'],
    ['the ashes delivered within 3 hours', 'dentro de las 3 horas siguientes al ingreso'],
    ['the ceremony of 30 to 50 minutes', '30 a 50 minutos'],
    ['the ceremony of up to 2 hours', 'hasta 2 horas'],
    ['the 3 burials of a plot', '3 inhumaciones'],
    ['the single niche', 'sencillo guarda 1 urna'],
    ['the duplex niche', '2 urnas'],
    ['the simple preparation', 'sencilla dura 24 horas'],
    ['the special preparation', 'de 48 a 72 horas'],
  ])('states %s as SPEC §9 has it', (_fact, text) => {
    expect(allText).toContain(text);
  });

  it('keeps the content in the data file: no page of the folder repeats any of its texts', () => {
    expect(Object.keys(pageSources).sort()).toEqual([
      './ayuda-page.tsx',
      './tema-lists.tsx',
      './tema-page.tsx',
      './tema-preguntas.tsx',
    ]);
    const texts = TEMAS.flatMap(textsOf);
    for (const [file, source] of Object.entries(pageSources)) {
      for (const text of texts) expect(source, file).not.toContain(text.slice(0, 30));
    }
  });
});

function renderTopic(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/ventas/ayuda/:temaId" element={<TemaPage />} />
    </Routes>,
    { route: `/ventas/ayuda/${id}` },
  );
}

describe('TemaPage', () => {
  it('shows the stages of a topic as a numbered list', () => {
    renderTopic('cremacion');
    const stages = screen.getByRole('list', { name: /Etapas: Proceso de cremación/ });
    expect(stages.tagName).toBe('OL');
    expect(within(stages).getAllByRole('listitem')).toHaveLength(18);
  });

  it('cycles with the arrows from the last topic to the first and back', async () => {
    const user = userEvent.setup();
    renderTopic('columbarios');
    expect(screen.getByRole('heading', { level: 1, name: 'Columbarios' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Tema siguiente' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Cremación' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Tema anterior' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Columbarios' })).toBeInTheDocument();
  });

  it('shows “Sección no encontrada” for an unknown topic', () => {
    renderTopic('desconocido');
    expect(screen.getByText('Sección no encontrada')).toBeInTheDocument();
  });
});
