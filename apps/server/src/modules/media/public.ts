// What other modules (and the seed) may use of the media module (docs/decisions/0013).
export { bannerSvg, profileSvg } from './generated';
export {
  deleteImage,
  deleteImagesOfVendors,
  ImageRejectedError,
  imageUrl,
  prepareImage,
  saveImage,
  storeImage,
  type ImageKind,
  type PreparedImage,
} from './images.service';
