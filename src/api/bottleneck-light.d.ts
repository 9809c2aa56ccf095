/**
 * Types of `bottleneck/light`: the same limiter as `bottleneck` without its Redis clustering,
 * a quarter of the size in the bundle (the package types only its main entry).
 */
declare module "bottleneck/light" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
