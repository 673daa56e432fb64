public enum XorgHarnessPlaceholder {}
