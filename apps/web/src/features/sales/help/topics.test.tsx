import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupUser } from '../../../test/render';
import { TopicPage } from './topic-page';
import { TOPICS, type Topic } from './topics';

// The other sources of the help pages, as text: the content must live in topics.ts only.
const pageSources = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const textsOf = (topic: Topic) => [
  topic.process,
  topic.definition,
  ...topic.characteristics,
  ...topic.requirements,
  ...topic.additionalServices,
  ...topic.steps,
  ...topic.questions.flatMap(({ question, answer }) => [question, answer]),
];

const allText = TOPICS.flatMap(textsOf).join('\n');

describe('Help topics (topics.ts)', () => {
  it('has the five topics in order with 18, 13, 8, 2 and 2 numbered stages (SPEC §2 Ayuda)', () => {
    expect(TOPICS.map((topic) => [topic.id, topic.steps.length])).toEqual([
      ['cremacion', 18],
      ['exequias', 13],
      ['funerario', 8],
      ['parcelas', 2],
      ['columbarios', 2],
    ]);
  });

  it('gives every topic a process name, definition, characteristics, inputs, extra services and Q&A', () => {
    for (const topic of TOPICS) {
      expect(topic.process, topic.id).not.toBe('');
      expect(topic.definition.length, topic.id).toBeGreaterThan(80);
      expect(topic.characteristics.length, topic.id).toBeGreaterThanOrEqual(3);
      expect(topic.requirements.length, topic.id).toBeGreaterThanOrEqual(3);
      expect(topic.additionalServices.length, topic.id).toBeGreaterThanOrEqual(3);
      expect(topic.questions.length, topic.id).toBeGreaterThanOrEqual(3);
      for (const { question, answer } of topic.questions) {
        expect(question).toMatch(/^¿.+\?$/);
        expect(answer).toMatch(/\.$/);
      }
      expect(new Set(topic.steps).size, `${topic.id}: repeated stage`).toBe(topic.steps.length);
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
      './help-page.tsx',
      './topic-lists.tsx',
      './topic-page.tsx',
      './topic-questions.tsx',
    ]);
    const texts = TOPICS.flatMap(textsOf);
    for (const [file, source] of Object.entries(pageSources)) {
      for (const text of texts) expect(source, file).not.toContain(text.slice(0, 30));
    }
  });
});

function renderTopic(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/ventas/ayuda/:temaId" element={<TopicPage />} />
    </Routes>,
    { route: `/ventas/ayuda/${id}` },
  );
}

describe('TopicPage', () => {
  it('shows the stages of a topic as a numbered list', () => {
    renderTopic('cremacion');
    const stages = screen.getByRole('list', { name: /Etapas: Proceso de cremación/ });
    expect(stages.tagName).toBe('OL');
    expect(within(stages).getAllByRole('listitem')).toHaveLength(18);
  });

  it('cycles with the arrows from the last topic to the first and back', async () => {
    const user = setupUser();
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
