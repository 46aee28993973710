import { MSG } from '@camposanto/domain';
import { FILE_RULES } from '../../../components/file-input';

export interface PlotUploadFiles {
  image: File | null;
  csv: File | null;
}

/** SPEC §5 Plot upload: both files, an image and a CSV. Returns why the files cannot be sent, if they cannot. */
export function plotUploadProblem({ image, csv }: PlotUploadFiles): string | undefined {
  if (!image || !csv) return MSG.imagenYCsvRequeridos;
  if (!FILE_RULES.image.matches(image)) return MSG.imagenInvalida;
  if (!FILE_RULES.csv.matches(csv)) return MSG.csvInvalido;
  return undefined;
}
