import type { DemoRandom } from './random';

// Venezuelan names, addresses and phone numbers for the demo's clients, relatives and authorised persons.

const WOMEN = [
  'María',
  'Carmen',
  'Yolanda',
  'Luisa',
  'Gabriela',
  'Daniela',
  'Andreína',
  'Rosa',
  'Mariela',
  'Yusmary',
  'Carolina',
  'Milagros',
  'Isabel',
  'Elena',
  'Beatriz',
  'Josefina',
  'Verónica',
  'Nathaly',
  'Génesis',
  'Ana',
];
const MEN = [
  'José',
  'Luis',
  'Carlos',
  'Jesús',
  'Miguel',
  'Rafael',
  'Pedro',
  'Juan',
  'Francisco',
  'Alejandro',
  'Héctor',
  'Ramón',
  'Douglas',
  'Wilmer',
  'Freddy',
  'Ángel',
  'Óscar',
  'Gustavo',
  'Eduardo',
  'Yorman',
];
const SURNAMES = [
  'González',
  'Rodríguez',
  'Pérez',
  'Hernández',
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Ramírez',
  'Díaz',
  'Torres',
  'Rojas',
  'Medina',
  'Castillo',
  'Suárez',
  'Blanco',
  'Mendoza',
  'Guerrero',
  'Silva',
  'Rivas',
  'Contreras',
  'Briceño',
  'Colmenares',
  'Villegas',
  'Chacón',
  'Urdaneta',
  'Marcano',
  'Montilla',
  'Salazar',
  'Arias',
];
const ADDRESSES = [
  'Av. Francisco de Miranda, Chacao, Caracas',
  'Calle El Carmen, Los Dos Caminos, Caracas',
  'Urb. El Paraíso, Av. Páez, Caracas',
  'Av. Sucre, Catia, Caracas',
  'Urb. Santa Mónica, Calle Gonzalo Picón, Caracas',
  'Av. Bolívar Norte, Valencia, Carabobo',
  'Calle 72 con Av. 3E, Maracaibo, Zulia',
  'Urb. La Trigaleña, Valencia, Carabobo',
  'Av. Las Delicias, Maracay, Aragua',
  'Sector La Candelaria, Parroquia La Candelaria, Caracas',
  'Urb. Terrazas del Ávila, Caracas',
  'Calle Principal de Los Teques, Miranda',
  'Av. Intercomunal de Guarenas, Miranda',
  'Urb. El Cafetal, Baruta, Miranda',
  'Calle Real de Sabana Grande, Caracas',
];
const AREA_CODES = ['212', '241', '261', '243', '251', '281'];
const MOBILE_PREFIXES = ['0414', '0424', '0412', '0416', '0426'];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export type PersonData = {
  nombre: string;
  cedula: string;
  fecha_nacimiento: string;
  telefono: string;
  celular: string;
  email: string;
  direccion: string;
};

/** Venezuelan people: names with both surnames, unique cédulas, landlines of 10 digits and mobiles of 11. */
export class PeopleFactory {
  private readonly cedulas = new Set<string>();
  private serial = 0;

  constructor(private readonly random: DemoRandom) {}

  person({
    bornFrom = 1940,
    bornTo = 2002,
    surname,
  }: { bornFrom?: number; bornTo?: number; surname?: string } = {}) {
    const random = this.random;
    const first = random.chance(0.5) ? random.pick(WOMEN) : random.pick(MEN);
    const last = surname ?? random.pick(SURNAMES);
    const nombre = `${first} ${last} ${random.pick(SURNAMES)}`;
    let cedula: string;
    do {
      cedula = `${random.chance(0.04) ? 'E' : 'V'}-${random.int(4_000_000, 29_999_999)}`;
    } while (this.cedulas.has(cedula));
    this.cedulas.add(cedula);
    const month = String(random.int(1, 12)).padStart(2, '0');
    const day = String(random.int(1, 28)).padStart(2, '0');
    this.serial += 1;
    return {
      nombre,
      cedula,
      fecha_nacimiento: `${random.int(bornFrom, bornTo)}-${month}-${day}`,
      telefono: `${random.pick(AREA_CODES)}${random.digits(7)}`,
      celular: `${random.pick(MOBILE_PREFIXES)}${random.digits(7)}`,
      email: `${ascii(first)}.${ascii(last)}${this.serial}@correo.example`,
      direccion: random.pick(ADDRESSES),
    } satisfies PersonData;
  }
}
