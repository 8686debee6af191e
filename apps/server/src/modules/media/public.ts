// What other modules (and the seed) may use of the media module (docs/decisions/0013).
export { bannerSvg, profileSvg } from './generated';
export {
  deleteImage,
  deleteImagesOfVendors,
  ImageRejectedError,
  imageUrl,
  storeImage,
  type ImageKind,
} from './images.service';
