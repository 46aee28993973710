// @vitest-environment node
// Pure logic: no DOM to build.
import { describe, expect, it } from 'vitest';
import { SIDES, sideImagesProblem } from './side-images';

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('sideImagesProblem', () => {
  it('names the four sides lado1 to lado4', () => {
    expect(SIDES.map((side) => side.clave)).toEqual([
      'columbario_lado1',
      'columbario_lado2',
      'columbario_lado3',
      'columbario_lado4',
    ]);
  });

  it('asks for at least one image', () => {
    expect(sideImagesProblem({})).toBe('Debes subir al menos una imagen antes de enviar.');
    expect(sideImagesProblem({ columbario_lado1: null })).toBe(
      'Debes subir al menos una imagen antes de enviar.',
    );
  });

  it('takes any one side alone, and refuses what is not an image', () => {
    expect(sideImagesProblem({ columbario_lado3: image('lado3.jpg') })).toBeUndefined();
    expect(
      sideImagesProblem({
        columbario_lado1: image('lado1.jpg'),
        columbario_lado2: new File(['x'], 'lado2.csv', { type: 'text/csv' }),
      }),
    ).toBe('Por favor, selecciona un archivo de imagen válido.');
  });
});
