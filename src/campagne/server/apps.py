from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "campagne.server"
    label = "club"
    verbose_name = "campagne club"
    default_auto_field = "django.db.models.BigAutoField"
