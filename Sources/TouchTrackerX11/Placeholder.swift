public enum TouchTrackerX11Placeholder {}
